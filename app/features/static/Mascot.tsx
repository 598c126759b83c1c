import { cn } from '@/lib/utils';
import { MASCOT_NAME } from './content';

const FUR = '#b9773f';
const FUR_DARK = '#8a5229';
const MASK = '#6b3d1f';
const CREAM = '#f7e6cc';
const INK = '#1f140c';
const BLUSH = '#f3a3a0';
const PACK = '#4f5bd5';
const PACK_DARK = '#3b44a8';
const SCARF = '#f0643c';
const STRIPE = '#ffd166';

/**
 * Scout, the Tripmates weasel (spec §1: the mascot of the about and careers pages): a ferret
 * traveller with a scarf and a backpack, waving. Flat fills that read on dark and light
 * backgrounds; only the ground shadow follows the text colour.
 */
export function Mascot({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 160 184"
      role="img"
      aria-label={`${MASCOT_NAME}, the Tripmates weasel, waving, with a scarf and a backpack`}
      className={cn('h-auto w-40', className)}
    >
      <ellipse cx="80" cy="178" rx="52" ry="5" fill="currentColor" opacity=".15" />
      <path d="M88 168c36 6 62-8 62-38 0-16-12-22-16-10 2 24-12 36-46 34z" fill={FUR} />
      <path d="M134 120c2-10 13-10 16 0 0 4-.5 7-.5 7-5-3-10-4-15.5-7z" fill={MASK} />
      <rect x="84" y="100" width="28" height="44" rx="9" fill={PACK} />
      <rect x="84" y="100" width="28" height="16" rx="7" fill={PACK_DARK} />
      <ellipse cx="70" cy="136" rx="24" ry="41" fill={FUR} />
      <ellipse cx="70" cy="144" rx="14" ry="29" fill={CREAM} />
      <path
        d="M88 108c-2 14-2 28 0 42"
        stroke={PACK_DARK}
        strokeWidth="6"
        strokeLinecap="round"
        fill="none"
      />
      <ellipse cx="58" cy="175" rx="10" ry="5.5" fill={FUR_DARK} />
      <ellipse cx="84" cy="175" rx="10" ry="5.5" fill={FUR_DARK} />
      <path d="M52 116 38 88" stroke={FUR} strokeWidth="10" strokeLinecap="round" />
      <circle cx="37" cy="85" r="6.5" fill={FUR_DARK} />
      <circle cx="45" cy="46" r="8.5" fill={FUR} />
      <circle cx="45" cy="47" r="4.5" fill={BLUSH} />
      <circle cx="95" cy="46" r="8.5" fill={FUR} />
      <circle cx="95" cy="47" r="4.5" fill={BLUSH} />
      <path d="M40 64c0-19 14-30 30-30s30 11 30 30c0 17-13 32-30 32S40 81 40 64z" fill={FUR} />
      <path
        d="M44 64c5-8 16-9 26-3 10-6 21-5 26 3-2 8-10 10-16 8-4-1-7-2-10-2s-6 1-10 2c-6 2-14 0-16-8z"
        fill={MASK}
      />
      <path d="M55 78c0-6 7-10 15-10s15 4 15 10c0 9-7 16-15 16s-15-7-15-16z" fill={CREAM} />
      <ellipse cx="59" cy="64" rx="4" ry="4.6" fill={INK} />
      <circle cx="60.4" cy="62.4" r="1.5" fill="#fff" />
      <ellipse cx="81" cy="64" rx="4" ry="4.6" fill={INK} />
      <circle cx="82.4" cy="62.4" r="1.5" fill="#fff" />
      <ellipse cx="50" cy="77" rx="4.5" ry="2.6" fill={BLUSH} opacity=".75" />
      <ellipse cx="90" cy="77" rx="4.5" ry="2.6" fill={BLUSH} opacity=".75" />
      <path d="M65.5 74h9c1 0 1.4 1.4.5 2.3L70 80l-5-3.7c-.9-.9-.5-2.3.5-2.3z" fill={INK} />
      <path
        d="M70 80c-1 3.5-4.5 4.5-7 2.5M70 80c1 3.5 4.5 4.5 7 2.5"
        stroke={INK}
        strokeWidth="1.7"
        strokeLinecap="round"
        fill="none"
      />
      <rect x="44" y="94" width="52" height="13" rx="6.5" fill={SCARF} />
      <path d="M52 102l-8 26 11 2 5-26z" fill={SCARF} />
      <path d="M47 116l10 2M45 123l10 2" stroke={STRIPE} strokeWidth="2.5" />
    </svg>
  );
}
