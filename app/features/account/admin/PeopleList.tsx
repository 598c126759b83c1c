import { Inbox, Loader2, SearchX, ShieldOff } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { RetryButton } from '@/components/RetryButton';
import { SearchField } from '@/components/SearchField';
import { ShowMore } from '@/components/ShowMore';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { formatDate, formatDateTime } from '../../../../shared/calendar';
import { type AdminPerson, PLANS, type Plan } from '../../../../shared/contracts/account';
import { PLAN_LIMITS } from '../../../../shared/plans';
import { ResetSecondFactorsDialog } from './ResetSecondFactorsDialog';
import { usePeople, useSetPlan } from './usePeople';

/**
 * Seven columns need a wide screen: narrower (phones, tablets), each person is a card with the
 * same fields, labelled. Only one of the two is rendered, so the page holds each person once.
 */
export const PEOPLE_TABLE_QUERY = '(min-width: 64rem)';

/** What each rendering of a person (row or card) needs to act on them. */
type PersonActions = {
  myId: string;
  pendingPlanIds: ReadonlySet<string>;
  onSetPlan: (person: AdminPerson, plan: Plan) => void;
  onReset: (person: AdminPerson) => void;
};

function secondFactors(person: AdminPerson): string | null {
  const factors: string[] = [];
  if (person.totp) factors.push('Authenticator app');
  if (person.passkeys > 0) {
    factors.push(person.passkeys === 1 ? '1 passkey' : `${person.passkeys} passkeys`);
  }
  return factors.length > 0 ? factors.join(', ') : null;
}

function TwoFactor({ person }: { person: AdminPerson }) {
  const factors = secondFactors(person);
  return factors ? (
    <Badge variant="success" className="whitespace-normal">
      {factors}
    </Badge>
  ) : (
    <span className="text-muted-foreground">Off</span>
  );
}

function Role({ person }: { person: AdminPerson }) {
  return person.role === 'admin' ? (
    <Badge variant="secondary">Administrator</Badge>
  ) : (
    <span className="text-muted-foreground">User</span>
  );
}

function When({ at, withTime = false }: { at: string | null; withTime?: boolean }) {
  if (!at) return <span className="text-muted-foreground">Never</span>;
  return <time dateTime={at}>{withTime ? formatDateTime(at) : formatDate(at)}</time>;
}

/** Who someone is: their username, name and address (marked when it waits for confirmation). */
function Who({ person, id }: { person: AdminPerson; id: string }) {
  return (
    <div id={id} className="min-w-0">
      <p className="font-medium wrap-anywhere">{person.username}</p>
      {person.name && <p className="text-sm wrap-anywhere">{person.name}</p>}
      <p className="text-sm text-muted-foreground wrap-anywhere">
        {person.email ?? 'No e-mail address'}
        {person.email && !person.emailConfirmed && ' (not confirmed)'}
      </p>
    </div>
  );
}

function PlanChoice({
  person,
  describedBy,
  pendingPlanIds,
  onSetPlan,
}: PersonActions & { person: AdminPerson; describedBy: string }) {
  const pending = pendingPlanIds.has(person.id);
  return (
    <NativeSelect
      aria-label={`Plan of ${person.username}`}
      aria-describedby={describedBy}
      value={person.plan}
      disabled={pending}
      aria-busy={pending || undefined}
      className="h-9 min-w-28"
      onChange={(event) => onSetPlan(person, event.target.value as Plan)}
    >
      {PLANS.map((plan) => (
        <option key={plan} value={plan}>
          {PLAN_LIMITS[plan].name}
        </option>
      ))}
    </NativeSelect>
  );
}

const RESET_LABEL = 'Reset second factors';

/**
 * Opens the reset's confirmation. In the table it is an icon (named, with its name as a tooltip):
 * seven columns leave the person's address no room beside a worded button.
 */
function ResetButton({
  person,
  describedBy,
  myId,
  onReset,
  className,
  iconOnly = false,
}: PersonActions & {
  person: AdminPerson;
  describedBy: string;
  className?: string;
  iconOnly?: boolean;
}) {
  const mine = person.id === myId;
  const none = !person.totp && person.passkeys === 0;
  const why = mine
    ? 'Your own second factors are on your Security page'
    : none
      ? 'No second factors to reset'
      : undefined;
  return (
    <Button
      variant="outline"
      size={iconOnly ? 'icon' : 'sm'}
      className={className}
      disabled={mine || none}
      title={iconOnly ? (why ?? RESET_LABEL) : why}
      aria-label={iconOnly ? RESET_LABEL : undefined}
      aria-describedby={describedBy}
      onClick={() => onReset(person)}
    >
      <ShieldOff aria-hidden />
      {!iconOnly && RESET_LABEL}
    </Button>
  );
}

function PersonRow({ person, ...actions }: PersonActions & { person: AdminPerson }) {
  const whoId = useId();
  return (
    <TableRow>
      <TableCell className="min-w-52">
        <Who person={person} id={whoId} />
      </TableCell>
      <TableCell>
        <PlanChoice person={person} describedBy={whoId} {...actions} />
      </TableCell>
      <TableCell>
        <Role person={person} />
      </TableCell>
      <TableCell className="max-w-36">
        <TwoFactor person={person} />
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <When at={person.createdAt} />
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <When at={person.lastSeenAt} withTime />
      </TableCell>
      <TableCell className="text-right">
        <ResetButton person={person} describedBy={whoId} iconOnly {...actions} />
      </TableCell>
    </TableRow>
  );
}

function PeopleTable({ people, ...actions }: PersonActions & { people: readonly AdminPerson[] }) {
  return (
    <Table>
      <TableCaption className="sr-only">People</TableCaption>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead scope="col">Person</TableHead>
          <TableHead scope="col">Plan</TableHead>
          <TableHead scope="col">Role</TableHead>
          <TableHead scope="col">Two-factor</TableHead>
          <TableHead scope="col">Created</TableHead>
          <TableHead scope="col">Last seen</TableHead>
          <TableHead scope="col" className="text-right">
            Actions
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {people.map((person) => (
          <PersonRow key={person.id} person={person} {...actions} />
        ))}
      </TableBody>
    </Table>
  );
}

function PersonCard({ person, ...actions }: PersonActions & { person: AdminPerson }) {
  const whoId = useId();
  return (
    <li className="grid gap-3 p-4">
      <div className="flex items-start justify-between gap-3">
        <Who person={person} id={whoId} />
        <Role person={person} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Plan</dt>
        <dd>
          <PlanChoice person={person} describedBy={whoId} {...actions} />
        </dd>
        <dt className="text-muted-foreground">Two-factor</dt>
        <dd>
          <TwoFactor person={person} />
        </dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd>
          <When at={person.createdAt} />
        </dd>
        <dt className="text-muted-foreground">Last seen</dt>
        <dd>
          <When at={person.lastSeenAt} withTime />
        </dd>
      </dl>
      <ResetButton
        person={person}
        describedBy={whoId}
        className="w-full sm:w-auto sm:justify-self-end"
        {...actions}
      />
    </li>
  );
}

function ListMessage({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-14 text-center text-muted-foreground">
      {children}
    </div>
  );
}

/**
 * Issue #38: every account, for the administrators: search by username, name or e-mail, each
 * person's plan (changed here), role, second factors, when they joined and were last seen, and a
 * reset of their second factors behind a confirmation.
 */
export function PeopleList({ enabled, myId }: { enabled: boolean; myId: string }) {
  const [search, setSearch] = useState('');
  const list = usePeople({ search, enabled });
  const { setPlan, pendingIds } = useSetPlan();
  const [resetting, setResetting] = useState<AdminPerson | null>(null);
  const asTable = useMediaQuery(PEOPLE_TABLE_QUERY);
  const searching = search.trim() !== '';
  const actions: PersonActions = {
    myId,
    pendingPlanIds: pendingIds,
    onSetPlan: (person, plan) => setPlan({ person, plan }),
    onReset: setResetting,
  };

  let content: ReactNode;
  if (list.isLoading) {
    content = (
      <div role="status" className="flex items-center justify-center gap-3 px-4 py-14">
        <Loader2 aria-hidden className="size-6 animate-spin text-primary" />
        <span className="text-muted-foreground">Loading people...</span>
      </div>
    );
  } else if (list.isError) {
    content = (
      <ListMessage>
        <p role="alert">Could not load the people.</p>
        <RetryButton fetching={list.isRetrying} onRetry={list.retry}>
          Try again
        </RetryButton>
      </ListMessage>
    );
  } else if (list.entries.length === 0) {
    content = (
      <ListMessage>
        {searching ? (
          <SearchX aria-hidden className="size-8" />
        ) : (
          <Inbox aria-hidden className="size-8" />
        )}
        <p>{searching ? 'Nobody matches that search' : 'No accounts yet'}</p>
      </ListMessage>
    );
  } else {
    content = asTable ? (
      <PeopleTable people={list.entries} {...actions} />
    ) : (
      <ul aria-label="People" className="divide-y divide-border">
        {list.entries.map((person) => (
          <PersonCard key={person.id} person={person} {...actions} />
        ))}
      </ul>
    );
  }

  return (
    <div className="grid gap-5 text-foreground">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <SearchField
          label="Search people by username, name or email"
          placeholder="Search by username, name or email..."
          value={search}
          onChange={setSearch}
        />
        <p className="text-sm text-muted-foreground">
          Total accounts: <span className="font-semibold text-foreground">{list.total}</span>
        </p>
      </div>
      {searching && !list.isLoading && !list.isSearching && (
        <p className="sr-only" aria-live="polite">
          {list.entries.length === 1
            ? '1 matching person'
            : `${list.entries.length} matching people`}
        </p>
      )}
      <section
        aria-label="People"
        aria-busy={list.isLoading || list.isSearching || undefined}
        className="overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm"
      >
        {content}
      </section>
      {list.hasMore && !list.isSearching && (
        <ShowMore
          summary={`Showing ${list.entries.length}${searching ? ' matching people' : ` of ${list.total}`}`}
          pending={list.isLoadingMore}
          onShowMore={() => list.loadMore()}
        />
      )}
      <ResetSecondFactorsDialog person={resetting} onClose={() => setResetting(null)} />
    </div>
  );
}
