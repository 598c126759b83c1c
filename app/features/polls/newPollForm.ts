import { z } from 'zod';
import {
  type CreatePollBody,
  createPollBody,
  POLL_MESSAGES,
  POLL_OPTIONS_MIN,
} from '../../../shared/contracts/polls';
import { deadlineFromInput } from './pollText';

/** A `datetime-local` value ('' for none) that is not already past when the poll is asked. */
const deadline = z.string().refine((value) => {
  const closesAt = deadlineFromInput(value);
  return !closesAt || Date.parse(closesAt) > Date.now();
}, POLL_MESSAGES.closesAtPast);

/** The new-poll form as typed: one row per option field, the deadline as its input holds it. */
const newPollShape = z.object({
  question: z.string(),
  options: z.array(z.object({ text: z.string() })),
  multiple: z.boolean(),
  hideVoters: z.boolean(),
  deadline,
});
export type NewPollValues = z.infer<typeof newPollShape>;

/**
 * The form checked as the shared `POST` contract, whose rules and messages these are. A past
 * deadline is refused first, alone; rows left blank are no options.
 */
export const newPollForm = newPollShape
  .transform(
    (values): CreatePollBody => ({
      question: values.question,
      options: values.options.map((option) => option.text).filter((text) => text.trim() !== ''),
      multiple: values.multiple,
      hideVoters: values.hideVoters,
      closesAt: deadlineFromInput(values.deadline),
    }),
  )
  .pipe(createPollBody);

export const emptyOption = () => ({ text: '' });

export function newPollValues(): NewPollValues {
  return {
    question: '',
    options: Array.from({ length: POLL_OPTIONS_MIN }, emptyOption),
    multiple: false,
    hideVoters: false,
    deadline: '',
  };
}
