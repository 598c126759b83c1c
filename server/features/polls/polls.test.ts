import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OkResponse } from '../../../shared/contracts/auth';
import type { ErrorResponse } from '../../../shared/contracts/errors';
import {
  MAX_POLLS_PER_TRIP,
  POLL_MESSAGES,
  POLL_OPTIONS_MAX,
  type Poll,
} from '../../../shared/contracts/polls';
import { itTakesClientIds } from '../../test/clientIds';
import { type Account, createAccount, createTrip, createTripCast } from '../../test/factories';
import {
  connectLive,
  joinTrip,
  type LiveClient,
  nextEvent,
  removedFrom,
  savedIn,
} from '../../test/liveClient';
import { startTestApp, type TestApp } from '../../test/testApp';
import { polls as pollsTable, pollVotes } from './tables';

let t: TestApp;
let owner: Account;
let member: Account;
let other: Account;
let outsider: Account;
let tripId: string;
const tabs: LiveClient[] = [];

beforeAll(async () => {
  t = await startTestApp();
  owner = await createAccount(t, { firstName: 'Ana', lastName: 'Lima' });
  member = await createAccount(t, { firstName: 'Bruno', lastName: 'Costa' });
  other = await createAccount(t, { firstName: 'Chen', lastName: 'Wei' });
  outsider = await createAccount(t, { firstName: 'Olga', lastName: 'Outside' });
  tripId = (await createTrip(t.database.db, owner.id, { memberIds: [member.id, other.id] })).id;
});
afterEach(() => {
  for (const tab of tabs.splice(0)) tab.disconnect();
});
afterAll(() => t.close());

const listPath = (id = tripId) => `/api/trips/${id}/polls`;

async function ask(body: Record<string, unknown>, who: Account = member, trip = tripId) {
  const res = await who.client.post<Poll>(listPath(trip), body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const datesPoll = (extra: Record<string, unknown> = {}, who: Account = member) =>
  ask(
    { question: 'Which week?', options: ['First week of June', 'Last week of June'], ...extra },
    who,
  );

async function vote(who: Account, poll: Poll, texts: string[]) {
  const optionIds = texts.map((text) => poll.options.find((option) => option.text === text)!.id);
  return who.client.put<Poll>(`/api/polls/${poll.id}/vote`, { optionIds });
}

const votesOf = (poll: Poll) => Object.fromEntries(poll.options.map((o) => [o.text, o.votes]));

describe('POST /api/trips/:tripId/polls', () => {
  it('asks the trip a question and answers 201 with the poll', async () => {
    const poll = await ask({
      question: '  Where do we stay?  ',
      options: [' Ubud ', 'Canggu', 'Uluwatu'],
      multiple: true,
      hideVoters: false,
      closesAt: '2030-05-20T08:00:00+08:00',
    });
    expect(poll).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      tripId,
      question: 'Where do we stay?',
      options: [
        { id: expect.any(String), text: 'Ubud', votes: 0, voters: [] },
        { id: expect.any(String), text: 'Canggu', votes: 0, voters: [] },
        { id: expect.any(String), text: 'Uluwatu', votes: 0, voters: [] },
      ],
      multiple: true,
      hideVoters: false,
      voterCount: 0,
      closesAt: '2030-05-20T00:00:00.000Z',
      closedAt: null,
      createdBy: { id: member.id, name: 'Bruno Costa' },
      createdAt: expect.stringMatching(/Z$/),
      myVotes: [],
    });
    expect(new Set(poll.options.map((option) => option.id)).size).toBe(3);
  });

  it('defaults to one choice, names shown, no deadline', async () => {
    const poll = await datesPoll();
    expect(poll).toMatchObject({ multiple: false, hideVoters: false, closesAt: null });
  });

  it.each([
    [{ options: ['A', 'B'] }, POLL_MESSAGES.missingQuestion],
    [{ question: '   ', options: ['A', 'B'] }, POLL_MESSAGES.missingQuestion],
    [{ question: 'x'.repeat(201), options: ['A', 'B'] }, POLL_MESSAGES.questionTooLong],
    [{ question: 'Q', options: ['Only one'] }, POLL_MESSAGES.options],
    [{ question: 'Q' }, POLL_MESSAGES.options],
    [
      { question: 'Q', options: Array.from({ length: 11 }, (_, i) => `O${i}`) },
      POLL_MESSAGES.options,
    ],
    [{ question: 'Q', options: ['Ubud', ' ubud '] }, POLL_MESSAGES.duplicateOption],
    [{ question: 'Q', options: ['A', ' '] }, POLL_MESSAGES.missingOption],
    [{ question: 'Q', options: ['A', 'x'.repeat(101)] }, POLL_MESSAGES.optionTooLong],
    [{ question: 'Q', options: ['A', 'B'], multiple: 'yes' }, POLL_MESSAGES.multiple],
    [{ question: 'Q', options: ['A', 'B'], closesAt: 'tomorrow' }, POLL_MESSAGES.closesAt],
    [
      { question: 'Q', options: ['A', 'B'], closesAt: '2020-01-01T00:00:00Z' },
      POLL_MESSAGES.closesAtPast,
    ],
  ])('refuses %j with 400 and "%s"', async (body, message) => {
    const res = await member.client.post<ErrorResponse>(listPath(), body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining(message),
    });
  });

  it(`holds at most ${MAX_POLLS_PER_TRIP} polls a trip`, async () => {
    const full = (await createTrip(t.database.db, owner.id)).id;
    await t.database.db.insert(pollsTable).values(
      Array.from({ length: MAX_POLLS_PER_TRIP }, (_, index) => ({
        tripId: full,
        question: `Q${index}`,
        options: [
          { id: 'a', text: 'A' },
          { id: 'b', text: 'B' },
        ],
      })),
    );
    const res = await owner.client.post<ErrorResponse>(listPath(full), {
      question: 'One more?',
      options: ['Yes', 'No'],
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ code: 'item_limit', message: POLL_MESSAGES.tooMany });
  });
});

describe('votes', () => {
  it('counts one choice a person; a new choice replaces the old; none takes it back', async () => {
    const poll = await datesPoll();
    expect((await vote(member, poll, ['First week of June'])).body.myVotes).toHaveLength(1);
    const second = await vote(owner, poll, ['First week of June']);
    expect(votesOf(second.body)).toEqual({ 'First week of June': 2, 'Last week of June': 0 });
    expect(second.body.options[0]!.voters).toEqual([
      { id: member.id, name: 'Bruno Costa' },
      { id: owner.id, name: 'Ana Lima' },
    ]);
    const changed = await vote(member, poll, ['Last week of June']);
    expect(votesOf(changed.body)).toEqual({ 'First week of June': 1, 'Last week of June': 1 });
    expect(changed.body.myVotes).toEqual([poll.options[1]!.id]);
    const back = await vote(member, poll, []);
    expect(back.body).toMatchObject({ voterCount: 1, myVotes: [] });
  });

  it('lists each viewer’s own choices, newest poll first', async () => {
    const trip = (await createTrip(t.database.db, owner.id, { memberIds: [member.id] })).id;
    const first = await ask({ question: 'First?', options: ['A', 'B'] }, owner, trip);
    const second = await ask({ question: 'Second?', options: ['C', 'D'] }, owner, trip);
    await vote(member, first, ['B']);
    const mine = await member.client.get<Poll[]>(listPath(trip));
    expect(mine.body.map((poll) => poll.question)).toEqual(['Second?', 'First?']);
    expect(mine.body[1]!.myVotes).toEqual([first.options[1]!.id]);
    const theirs = await owner.client.get<Poll[]>(listPath(trip));
    expect(theirs.body[1]).toMatchObject({ myVotes: [], voterCount: 1 });
    expect(second.myVotes).toEqual([]);
  });

  it('takes several choices when the poll allows them, else refuses a second', async () => {
    const several = await ask({
      question: 'Which days?',
      options: ['Mon', 'Tue', 'Wed'],
      multiple: true,
    });
    const res = await vote(other, several, ['Mon', 'Wed']);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ voterCount: 1 });
    expect(votesOf(res.body)).toEqual({ Mon: 1, Tue: 0, Wed: 1 });
    const single = await datesPoll();
    const refused = await vote(other, single, ['First week of June', 'Last week of June']);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'invalid_input', message: POLL_MESSAGES.oneChoice });
  });

  it('refuses an option of another poll, and a malformed list', async () => {
    const poll = await datesPoll();
    const elsewhere = await datesPoll();
    const res = await member.client.put<ErrorResponse>(`/api/polls/${poll.id}/vote`, {
      optionIds: [elsewhere.options[0]!.id],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_input', message: POLL_MESSAGES.unknownOption });
    for (const body of [
      {},
      { optionIds: 'all' },
      { optionIds: Array(POLL_OPTIONS_MAX + 1).fill('a') },
    ]) {
      const bad = await member.client.put<ErrorResponse>(`/api/polls/${poll.id}/vote`, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.code).toBe('invalid_input');
    }
  });

  it('hides who voted from everyone when names are hidden, but each sees their own', async () => {
    const poll = await datesPoll({ hideVoters: true }, other);
    const mine = await vote(member, poll, ['Last week of June']);
    expect(mine.body.myVotes).toEqual([poll.options[1]!.id]);
    expect(mine.body.options.map((option) => option.voters)).toEqual([null, null]);
    const seen = await owner.client.get<Poll[]>(listPath());
    const asOwner = seen.body.find((other) => other.id === poll.id)!;
    expect(asOwner).toMatchObject({ myVotes: [], voterCount: 1 });
    expect(JSON.stringify(asOwner)).not.toContain(member.id);
  });
});

describe('closing and deleting', () => {
  it('who asked closes the poll; then it takes no votes (409) and keeps its result', async () => {
    const poll = await datesPoll();
    await vote(owner, poll, ['Last week of June']);
    const notTheirs = await other.client.patch<ErrorResponse>(`/api/polls/${poll.id}`, {
      closed: true,
    });
    expect(notTheirs.status).toBe(403);
    expect(notTheirs.body).toEqual({ code: 'creator_only', message: POLL_MESSAGES.creatorOnly });
    const closed = await member.client.patch<Poll>(`/api/polls/${poll.id}`, { closed: true });
    expect(closed.status).toBe(200);
    expect(closed.body.closedAt).toEqual(expect.stringMatching(/Z$/));
    const late = await vote(other, poll, ['First week of June']);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ code: 'closed', message: POLL_MESSAGES.closed });
    expect(votesOf(closed.body)).toEqual({ 'First week of June': 0, 'Last week of June': 1 });
    const again = await member.client.patch<Poll>(`/api/polls/${poll.id}`, { closed: true });
    expect(again.body.closedAt).toBe(closed.body.closedAt);
    const notReopened = await other.client.patch<ErrorResponse>(`/api/polls/${poll.id}`, {
      closed: false,
    });
    expect(notReopened.status).toBe(403);
    expect(notReopened.body.code).toBe('creator_only');
  });

  // Issue #38: one click closed a poll for good.
  it('who asked, or the owner, opens a closed poll again, without its deadline', async () => {
    const poll = await datesPoll({ closesAt: '2030-01-01T00:00:00Z' });
    await member.client.patch(`/api/polls/${poll.id}`, { closed: true });
    const reopened = await owner.client.patch<Poll>(`/api/polls/${poll.id}`, { closed: false });
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ closedAt: null, closesAt: null });
    expect((await vote(other, poll, ['First week of June'])).status).toBe(200);
    const again = await owner.client.patch<Poll>(`/api/polls/${poll.id}`, { closed: false });
    expect(again.body.closedAt).toBeNull();
    const history = await owner.client.get<{ kind: string }[]>(`/api/trips/${tripId}/activity`);
    expect(history.body.filter((entry) => entry.kind === 'poll.reopened')).toHaveLength(1);
    const bad = await owner.client.patch<ErrorResponse>(`/api/polls/${poll.id}`, { closed: 'no' });
    expect(bad.status).toBe(400);
  });

  it('the trip’s owner may close or delete anyone’s poll', async () => {
    const poll = await datesPoll();
    expect((await owner.client.patch(`/api/polls/${poll.id}`, { closed: true })).status).toBe(200);
    expect((await owner.client.delete<OkResponse>(`/api/polls/${poll.id}`)).body).toEqual({
      success: true,
    });
  });

  it('a poll past its deadline is closed, at its deadline', async () => {
    const poll = await datesPoll({ closesAt: '2030-01-01T00:00:00Z' });
    const past = new Date(Date.now() - 60_000);
    await t.database.db
      .update(pollsTable)
      .set({ closesAt: past })
      .where(eq(pollsTable.id, poll.id));
    const late = await vote(member, poll, ['First week of June']);
    expect(late.status).toBe(409);
    const [listed] = (await member.client.get<Poll[]>(listPath())).body.filter(
      (other) => other.id === poll.id,
    );
    expect(listed!.closedAt).toBe(past.toISOString());
  });

  it('only who asked, or the owner, deletes; the votes go with the poll', async () => {
    const poll = await datesPoll();
    await vote(other, poll, ['First week of June']);
    const refused = await other.client.delete<ErrorResponse>(`/api/polls/${poll.id}`);
    expect(refused.status).toBe(403);
    expect((await member.client.delete(`/api/polls/${poll.id}`)).status).toBe(200);
    const left = await t.database.db.select().from(pollVotes).where(eq(pollVotes.pollId, poll.id));
    expect(left).toEqual([]);
    const gone = await member.client.put<ErrorResponse>(`/api/polls/${poll.id}/vote`, {
      optionIds: [],
    });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ code: 'not_found', message: POLL_MESSAGES.notFound });
  });
});

describe('outside the trip', () => {
  it('answers a non-member 404 for the list, a new poll, a vote, closing and deleting', async () => {
    const poll = await datesPoll();
    const answers = [
      await outsider.client.get(listPath()),
      await outsider.client.post(listPath(), { question: 'Q', options: ['A', 'B'] }),
      await vote(outsider, poll, ['First week of June']),
      await outsider.client.patch(`/api/polls/${poll.id}`, { closed: true }),
      await outsider.client.delete(`/api/polls/${poll.id}`),
    ];
    expect(answers.map((res) => res.status)).toEqual([404, 404, 404, 404, 404]);
    expect(
      (await member.client.get<Poll[]>(listPath())).body.find((p) => p.id === poll.id),
    ).toMatchObject({
      voterCount: 0,
      closedAt: null,
    });
  });
});

describe('live', () => {
  async function tabOnTrip(who: Account) {
    const tab = await connectLive(t.url, who.client.cookie);
    tabs.push(tab);
    expect((await joinTrip(tab, tripId)).ok).toBe(true);
    return tab;
  }

  it('tells the others of a new poll and each vote, without anyone’s own choices', async () => {
    const ownerTab = await tabOnTrip(owner);
    const asked = nextEvent(ownerTab, 'change', savedIn('polls'));
    const poll = await datesPoll({ hideVoters: true }, other);
    const { myVotes: _mine, ...shared } = poll;
    expect((await asked).change).toEqual({ type: 'item:saved', list: 'polls', item: shared });

    const voted = nextEvent(ownerTab, 'change', savedIn('polls'));
    await vote(member, poll, ['Last week of June']);
    const { change } = await voted;
    expect(change).toMatchObject({ type: 'item:saved', list: 'polls', item: { voterCount: 1 } });
    expect(JSON.stringify(change)).not.toContain(member.id);
    expect(change).not.toHaveProperty('poll.myVotes');

    const removed = nextEvent(ownerTab, 'change', removedFrom('polls'));
    await other.client.delete(`/api/polls/${poll.id}`);
    expect((await removed).change).toEqual({ type: 'item:removed', list: 'polls', id: poll.id });
  });
});

itTakesClientIds(() => t, {
  list: 'polls',
  table: pollsTable,
  add: (_cast, who, trip, id) =>
    who.client.post(listPath(trip), {
      id,
      question: 'Ferry or plane?',
      options: ['Ferry', 'Plane'],
    }),
});

it('answers a poll sent again after its deadline has passed, closed (issue #37)', async () => {
  const cast = await createTripCast(t);
  const id = crypto.randomUUID();
  const closesAt = new Date(Date.now() + 60 * 60 * 1000).toISOString();
  const body = { id, question: 'Ferry or plane?', options: ['Ferry', 'Plane'], closesAt };
  expect((await cast.owner.client.post(listPath(cast.tripId), body)).status).toBe(201);
  const passed = new Date(Date.now() - 60_000);
  await t.database.db.update(pollsTable).set({ closesAt: passed }).where(eq(pollsTable.id, id));
  const again = await cast.owner.client.post<Poll>(listPath(cast.tripId), body);
  expect(again.status).toBe(201);
  expect(again.body).toMatchObject({ id, closedAt: passed.toISOString() });
});
