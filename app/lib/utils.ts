import { type ClassValue, clsx } from 'clsx';
import { mergeClasses } from './classMerge';

/**
 * Joins class names (clsx) and lets later Tailwind classes win over earlier ones (tailwind-merge's
 * rule, by mergeClasses).
 */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs));
}
