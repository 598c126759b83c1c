import { type FormEvent, useId, useState } from 'react';
import { PendingButton } from '@/components/PendingButton';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/useToast';
import { APP_NAME } from '../../../shared/constants';
import { useWaitlistSignup } from './useWaitlistSignup';

/**
 * The landing footer's newsletter box (spec §2): Join subscribes the address through the waitlist
 * with source 'newsletter'. The waitlist's checks and failure toasts (spec §5, §8).
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const join = useWaitlistSignup('newsletter');
  const inputId = useId();
  const titleId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    join.signUp({ email: address }, () => {
      toast({
        title: 'You’re subscribed',
        description: `We’ll send ${APP_NAME} news to ${address}.`,
      });
      setEmail('');
    });
  }

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-sm font-semibold">
        Stay in the loop
      </h2>
      <p className="mt-4 text-sm text-muted-foreground">
        Travel ideas and product news, about once a month.
      </p>
      <form noValidate onSubmit={handleSubmit} className="mt-4 flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Email address
        </label>
        <Input
          id={inputId}
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="h-10"
        />
        <PendingButton type="submit" pending={join.isPending} className="h-10 px-5">
          Join
        </PendingButton>
      </form>
    </section>
  );
}
