import { Link } from 'react-router';
import { APP_NAME } from '../../shared/constants';

export function Logo() {
  return (
    <Link
      to="/"
      className="inline-flex items-center gap-2 rounded-md font-semibold tracking-tight text-foreground"
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span className="text-lg">{APP_NAME}</span>
    </Link>
  );
}
