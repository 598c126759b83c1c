import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';
import { nameInitials } from '../../../shared/initials';

/** A person's face in their presence colour (their picture, or their initials on it). */
export function PersonAvatar({
  name,
  image,
  colour,
  className,
}: {
  name: string;
  image: string | null;
  colour: string;
  className?: string;
}) {
  return (
    <Avatar className={cn('size-8 border-2 text-xs', className)} style={{ borderColor: colour }}>
      {image && <AvatarImage src={image} alt="" />}
      <AvatarFallback
        delayMs={image ? 600 : undefined}
        className="text-white"
        style={{ backgroundColor: colour }}
      >
        {nameInitials(name)}
      </AvatarFallback>
    </Avatar>
  );
}
