import { Sparkles } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/useToast';
import { APP_NAME } from '../../../shared/constants';
import { useWaitlistSignup } from './useWaitlistSignup';

// spec §8: the waitlist's thanks, word for word.
export const WAITLIST_SUCCESS = `Thanks for your interest! We'll notify you when ${APP_NAME} launches.`;

/** The element's rendered height, kept up to date (0 until first measured). */
function useHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    // The observer reports after layout, so reading the size forces no extra reflow.
    const observer = new ResizeObserver(([entry]) => {
      setHeight(entry?.borderBoxSize?.[0]?.blockSize ?? element.offsetHeight);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, height] as const;
}

/**
 * The fixed bottom banner of the landing page (spec §2, §4): collapsed it offers Join Waitlist;
 * expanded it is a form (e-mail required, name optional) that Cancel or a success collapses.
 * A spacer as tall as the banner ends the page, so the banner never hides the footer.
 */
export function WaitlistBanner() {
  const [expanded, setExpanded] = useState(false);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const join = useWaitlistSignup('landing');
  const [bannerRef, bannerHeight] = useHeight<HTMLElement>();
  const emailRef = useRef<HTMLInputElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const emailId = useId();
  const nameId = useId();

  useEffect(() => {
    if (expanded) emailRef.current?.focus();
    else if (returnFocus.current) openRef.current?.focus();
    returnFocus.current = false;
  }, [expanded]);

  function collapse() {
    returnFocus.current = true;
    setExpanded(false);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    join.signUp({ email, name }, () => {
      toast({ title: WAITLIST_SUCCESS });
      setEmail('');
      setName('');
      collapse();
    });
  }

  return (
    <>
      <div aria-hidden style={{ height: bannerHeight }} />
      <aside
        ref={bannerRef}
        aria-label="Waitlist"
        className="fixed inset-x-0 bottom-0 z-50 border-t border-border/70 bg-background/85 shadow-[0_-8px_30px_rgb(0_0_0/0.25)] backdrop-blur-lg"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && expanded && !join.isPending) collapse();
        }}
      >
        <div className="mx-auto max-w-6xl px-4 py-3 sm:px-6">
          {expanded ? (
            <form
              noValidate
              onSubmit={handleSubmit}
              className="grid gap-3 md:grid-cols-[auto_1fr_1fr_auto] md:items-end"
            >
              <p className="text-sm font-semibold md:self-center">
                Join the waitlist
                <span className="block text-xs font-normal text-muted-foreground">
                  Be first in when we launch.
                </span>
              </p>
              <div className="grid gap-1.5">
                <label htmlFor={emailId} className="text-xs font-medium">
                  Email
                </label>
                <Input
                  ref={emailRef}
                  id={emailId}
                  type="email"
                  required
                  autoComplete="email"
                  placeholder="you@example.com"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              </div>
              <div className="grid gap-1.5">
                <label htmlFor={nameId} className="text-xs font-medium">
                  Name <span className="font-normal text-muted-foreground">(optional)</span>
                </label>
                <Input
                  id={nameId}
                  autoComplete="name"
                  placeholder="Your name"
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                />
              </div>
              <div className="grid grid-cols-2 gap-2 md:flex">
                <Button type="button" variant="outline" onClick={collapse} className="h-10">
                  Cancel
                </Button>
                <Button
                  type="submit"
                  disabled={join.isPending}
                  aria-busy={join.isPending || undefined}
                  className="h-10 md:min-w-32"
                >
                  {join.isPending ? 'Submitting...' : 'Submit'}
                </Button>
              </div>
            </form>
          ) : (
            <div className="flex items-center justify-between gap-3">
              <p className="flex min-w-0 items-center gap-2 text-sm">
                <Sparkles
                  aria-hidden
                  className="size-4 shrink-0 text-amber-500 dark:text-amber-300"
                />
                <span className="min-w-0">
                  <span className="font-semibold">{APP_NAME} is in private beta.</span>{' '}
                  <span className="hidden text-muted-foreground sm:inline">
                    Get early access when we launch.
                  </span>
                </span>
              </p>
              <Button ref={openRef} onClick={() => setExpanded(true)} className="shrink-0">
                Join Waitlist
              </Button>
            </div>
          )}
        </div>
      </aside>
    </>
  );
}
