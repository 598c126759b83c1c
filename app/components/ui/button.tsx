import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cloneElement, isValidElement } from 'react';
import { cn } from '@/lib/utils';

export const buttonVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors',
    'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
    'disabled:pointer-events-none disabled:opacity-50',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary/90',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        outline:
          'border border-input bg-background shadow-sm hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground shadow-sm hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-9 px-4 py-2',
        sm: 'h-8 px-3 text-xs',
        lg: 'h-10 px-8',
        icon: 'size-9',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (a link, say) with the button's styling instead of a <button>. */
    asChild?: boolean;
  };

type Props = Record<string, unknown>;
type Handler = (...args: unknown[]) => unknown;
type RefValue = React.Ref<unknown> | undefined;

function setRef(ref: RefValue, node: unknown) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

/**
 * Radix's Slot for Button's `asChild` (its own costs the landing page 1 KB): the one child element
 * gets the button's props. The child's own props win, but class names are joined, styles merged,
 * both handlers run (the child's first) and both refs are set.
 */
function Slot({ children, ...slotProps }: React.ComponentProps<'button'>) {
  if (!isValidElement<Props>(children)) throw new Error('Button asChild needs one element');
  const childProps = children.props;
  const props: Props = { ...slotProps, ...childProps };
  for (const name in childProps) {
    const slotValue = (slotProps as Props)[name];
    const childValue = childProps[name];
    if (/^on[A-Z]/.test(name)) {
      props[name] =
        slotValue && childValue
          ? (...args: unknown[]) => {
              const result = (childValue as Handler)(...args);
              (slotValue as Handler)(...args);
              return result;
            }
          : slotValue || childValue;
    } else if (name === 'style')
      props.style = { ...(slotValue as object), ...(childValue as object) };
    else if (name === 'className')
      props.className = [slotValue, childValue].filter(Boolean).join(' ');
  }
  const ref = slotProps.ref as RefValue;
  const childRef = childProps.ref as RefValue;
  if (ref && childRef) {
    props.ref = (node: unknown) => {
      setRef(ref, node);
      setRef(childRef, node);
    };
  }
  return cloneElement(children, props);
}

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      data-slot="button"
      className={cn(buttonVariants({ variant, size, className }))}
      {...props}
    />
  );
}
