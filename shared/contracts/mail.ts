import { z } from 'zod';

/**
 * How an e-mail fared in the outbox (issue #35): queued and not tried yet, waiting to try again
 * after a temporary failure, taken by the mail server, or refused for good (or given up on after
 * a day of tries). Shown where the sender looks: an owner's invitations, a pending address.
 */
export const DELIVERY_STATES = ['sending', 'retrying', 'sent', 'not_delivered'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** `GET /api/user/email-confirmation`: how the link to the pending address fared, if one went. */
export const confirmationDelivery = z.object({
  state: z.enum(DELIVERY_STATES).nullable(),
  /** The mail server's last answer, when it was not a yes (no addresses in it). */
  reason: z.string().nullable(),
});
export type ConfirmationDelivery = z.infer<typeof confirmationDelivery>;
