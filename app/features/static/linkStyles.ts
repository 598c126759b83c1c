/** Links inside text: the primary colour (AA in both themes) with a soft underline. */
export const INLINE_LINK =
  'break-words font-medium text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary';

/** The same look for every <a> inside a block of prose (legal sections, help answers). */
export const PROSE_LINKS =
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:decoration-primary/40 [&_a]:underline-offset-4 [&_a:hover]:decoration-primary';
