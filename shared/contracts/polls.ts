import { z } from 'zod';
import { quoted, type SharedFeature } from '../featureContract';
import { newItemId, uuidParam } from './params';
import { text } from './text';

// Issue #21: a poll for everything the flight and stay searches do not cover (dates, places,
// plans). The bounds keep a poll readable in a widget and every list finite.
export const POLL_QUESTION_MAX = 200;
export const POLL_OPTION_MAX = 100;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;
export const MAX_POLLS_PER_TRIP = 100;

export const POLL_MESSAGES = {
  tooMany: `A trip holds at most ${MAX_POLLS_PER_TRIP} polls. Remove some to add more.`,
  missingQuestion: 'Please enter a question',
  questionNotText: 'The question must be text',
  questionTooLong: `A question is at most ${POLL_QUESTION_MAX} characters`,
  options: `A poll needs ${POLL_OPTIONS_MIN} to ${POLL_OPTIONS_MAX} options`,
  missingOption: 'Each option needs some text',
  optionTooLong: `An option is at most ${POLL_OPTION_MAX} characters`,
  duplicateOption: 'Each option must be different',
  multiple: 'multiple must be true or false',
  hideVoters: 'hideVoters must be true or false',
  closesAt: 'The deadline must be an ISO date-time with a time zone, e.g. 2026-12-20T09:00:00Z',
  closesAtPast: 'The deadline must be in the future',
  closeOnly: 'Send { "closed": true } to close the poll, or false to open it again',
  choices: 'optionIds must be a list of the poll’s option ids',
  oneChoice: 'This poll takes one choice',
  unknownOption: 'That is not an option of this poll',
  closed: 'This poll is closed',
  creatorOnly:
    'Only who asked the question, or the trip’s owner, can close, reopen or delete a poll',
  notFound: 'No such poll',
} as const;

const question = text({
  error: (issue) =>
    issue.input === undefined || issue.input === null
      ? POLL_MESSAGES.missingQuestion
      : POLL_MESSAGES.questionNotText,
})
  .trim()
  .min(1, POLL_MESSAGES.missingQuestion)
  .max(POLL_QUESTION_MAX, POLL_MESSAGES.questionTooLong);

const optionText = text({ error: POLL_MESSAGES.missingOption })
  .trim()
  .min(1, POLL_MESSAGES.missingOption)
  .max(POLL_OPTION_MAX, POLL_MESSAGES.optionTooLong);

/** Options that differ only in case or spacing are one option twice. */
const sameOption = (value: string) => value.toLocaleLowerCase().replace(/\s+/g, ' ');

/**
 * `POST /api/trips/{tripId}/polls`. One choice each unless `multiple`; names shown unless
 * `hideVoters`; open until closed, or until `closesAt` if given. `id`: the client's choice.
 */
export const createPollBody = z.object({
  id: newItemId.optional(),
  question,
  options: z
    .array(optionText, { error: POLL_MESSAGES.options })
    .min(POLL_OPTIONS_MIN, POLL_MESSAGES.options)
    .max(POLL_OPTIONS_MAX, POLL_MESSAGES.options)
    .refine(
      (options) => new Set(options.map(sameOption)).size === options.length,
      POLL_MESSAGES.duplicateOption,
    ),
  multiple: z.boolean({ error: POLL_MESSAGES.multiple }).optional(),
  hideVoters: z.boolean({ error: POLL_MESSAGES.hideVoters }).optional(),
  /** ISO 8601 with an offset; null or absent: no deadline. Must be in the future (server). */
  closesAt: z.iso.datetime({ offset: true, error: POLL_MESSAGES.closesAt }).nullable().optional(),
});
export type CreatePollBody = z.input<typeof createPollBody>;
export type CreatePoll = z.output<typeof createPollBody>;

/**
 * `PATCH /api/polls/{id}`: closing is the one change, and opening it again (issue #38: one click
 * closed it for good); an opened poll has no deadline any more.
 */
export const updatePollBody = z.object({
  closed: z.boolean({ error: POLL_MESSAGES.closeOnly }),
});
export type UpdatePoll = z.output<typeof updatePollBody>;

/**
 * `PUT /api/polls/{id}/vote`: the caller's choices, replacing any before. An empty list takes
 * the vote back. At most one id unless the poll is `multiple`.
 */
export const votePollBody = z.object({
  optionIds: z
    .array(text({ error: POLL_MESSAGES.choices }).max(100, POLL_MESSAGES.unknownOption), {
      error: POLL_MESSAGES.choices,
    })
    .max(POLL_OPTIONS_MAX, POLL_MESSAGES.choices)
    .transform((ids) => [...new Set(ids)]),
});
export type VotePoll = z.output<typeof votePollBody>;

const person = z.object({ id: z.string(), name: z.string() });

export const pollOption = z.object({
  id: z.string(),
  text: z.string(),
  votes: z.number().int(),
  /** Who chose it, in the order they did; null when the poll hides names. */
  voters: z.array(person).nullable(),
});
export type PollOption = z.infer<typeof pollOption>;

/** A poll as every member of the trip sees it (what goes out live). */
export const sharedPoll = z.object({
  id: z.string(),
  tripId: z.string(),
  question: z.string(),
  options: z.array(pollOption),
  multiple: z.boolean(),
  hideVoters: z.boolean(),
  /** How many members have voted (a member with two choices counts once). */
  voterCount: z.number().int(),
  /** The deadline, ISO 8601 in UTC, or null. */
  closesAt: z.string().nullable(),
  /** When it was closed by hand, or its deadline, once past; null while it is open. */
  closedAt: z.string().nullable(),
  createdBy: person.nullable(),
  createdAt: z.string(),
});
export type SharedPoll = z.infer<typeof sharedPoll>;

/** A poll as the API answers the caller: with their own choices, shown even when names hide. */
export const poll = sharedPoll.extend({ myVotes: z.array(z.string()) });
export type Poll = z.infer<typeof poll>;
export const pollList = z.array(poll);

export const pollParams = z.object({ id: uuidParam(POLL_MESSAGES.notFound) });

/** Whether the poll takes no more votes at `now`: closed by hand, or past its deadline. */
export function isPollClosed(
  { closedAt, closesAt }: Pick<SharedPoll, 'closedAt' | 'closesAt'>,
  now: number,
) {
  return closedAt !== null || (closesAt !== null && Date.parse(closesAt) <= now);
}

/** The options with the most votes: one is a winner, several a tie, none when nobody voted. */
export function pollLeaders<T extends Pick<PollOption, 'votes'>>(options: readonly T[]): T[] {
  const most = Math.max(0, ...options.map((option) => option.votes));
  return most === 0 ? [] : options.filter((option) => option.votes === most);
}

/** What polls add to the shared lists (shared/contracts/features.ts). */
export const pollsShared = {
  // The poll as everyone sees it: each tab keeps its own choices (`myVotes`) from its answers.
  lists: { polls: sharedPoll },
  widgets: { poll: { width: 320, height: 400 } },
  commentSubjects: ['poll'],
  activity: {
    'poll.created': { deed: ({ label }) => `asked ${quoted(label)}` },
    'poll.voted': {
      deed: ({ label, detail }) =>
        detail ? `voted for ${detail} in ${quoted(label)}` : `voted in ${quoted(label)}`,
    },
    'poll.closed': { deed: ({ label }) => `closed the poll ${quoted(label)}` },
    'poll.reopened': { deed: ({ label }) => `opened the poll ${quoted(label)} again` },
    'poll.deleted': { deed: ({ label }) => `deleted the poll ${quoted(label)}` },
  },
  notices: {
    pollClosed: {
      label: 'Poll results',
      hint: 'A poll on one of your trips closes.',
      channels: ['inApp', 'email'],
      defaults: { inApp: true, email: false },
      sentence: ({ label, result }, { trip }) =>
        `${label ? `The poll ${quoted(label)}` : 'A poll'} closed${result ? `: ${result}` : ''} (${trip})`,
      action: 'See the result',
      opens: ({ subjectId }) => ({ type: 'poll', id: subjectId }),
    },
  },
} as const satisfies SharedFeature;
