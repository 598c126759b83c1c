import type { ReactNode } from 'react';

/** The eyebrow, h2 and lead paragraph that open each landing section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  /** The h2's id, for the section's aria-labelledby. */
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      <p className="text-sm font-semibold tracking-wider text-sky-700 uppercase dark:text-primary">
        {eyebrow}
      </p>
      <h2
        id={id}
        className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl md:text-[2.75rem] md:leading-tight"
      >
        {title}
      </h2>
      {children && (
        <p className="mx-auto mt-4 max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">
          {children}
        </p>
      )}
    </div>
  );
}
