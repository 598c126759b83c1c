import { Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/apiError';
import { parseForm } from '@/lib/validation';
import { countUpTo } from './searchText';

/** What the Flight Search and Stays widgets share: their tabs and their forms' parts. */

/**
 * A search form's values, checked with the server's schema on submit and sent as the trip's
 * search; `onDone` folds the form once the search is in.
 */
export function useSearchForm<S extends z.ZodType, V extends Record<string, unknown>>({
  schema,
  initial,
  toBody = (values) => values,
  search,
  failure,
  onDone,
}: {
  schema: S;
  initial: () => V;
  toBody?: (values: V) => unknown;
  /** The search's mutation (useSearchFlights, useSearchStays). */
  search: {
    isPending: boolean;
    mutate(
      body: z.output<S>,
      options: { onSuccess: () => void; onError: (problem: Error) => void },
    ): void;
  };
  failure: string;
  onDone: (() => void) | undefined;
}) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof V>(key: K, value: V[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (search.isPending) return;
    const parsed = parseForm(schema, toBody(values));
    if (!parsed.ok) return setError(parsed.message);
    setError(null);
    search.mutate(parsed.data, {
      onSuccess: () => onDone?.(),
      onError: (problem) => setError(errorMessage(problem, failure)),
    });
  }

  return { values, set, error, handleSubmit };
}

/** A 3-letter airport code, upper case as it is typed. */
export function AirportField({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value.toUpperCase())}
        placeholder={placeholder}
        maxLength={3}
        autoCapitalize="characters"
        className="uppercase"
      />
    </div>
  );
}

/**
 * Search (the form, folded under the trip's latest results once there are some; Change search
 * opens it again) and the Shortlist of the widget's kind.
 */
export function SearchWidgetTabs({
  shortlistCount,
  hasSearch,
  form,
  results,
  shortlist,
  banner,
}: {
  shortlistCount: number;
  hasSearch: boolean;
  /** The form; `onDone` (after a search, or Cancel) folds it again when there is a search. */
  form: (onDone: (() => void) | undefined) => ReactNode;
  results: ReactNode;
  shortlist: ReactNode;
  banner?: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <Tabs defaultValue="search" className="@container min-h-0 flex-1 gap-3 p-3 text-foreground">
      {banner}
      <TabsList>
        <TabsTrigger value="search">Search</TabsTrigger>
        <TabsTrigger value="shortlist">Shortlist ({shortlistCount})</TabsTrigger>
      </TabsList>
      <TabsContent value="search" className="grid content-start gap-3">
        {!hasSearch || editing ? (
          form(hasSearch ? () => setEditing(false) : undefined)
        ) : (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => setEditing(true)}
          >
            <Search aria-hidden />
            Change search
          </Button>
        )}
        {results}
      </TabsContent>
      <TabsContent value="shortlist">{shortlist}</TabsContent>
    </Tabs>
  );
}

export function DateField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** 1 to `max` (travellers, guests). */
export function CountSelect({
  id,
  label,
  max,
  value,
  onChange,
}: {
  id: string;
  label: string;
  max: number;
  value: number;
  onChange: (value: number) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {countUpTo(max).map((count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The form's error, Cancel (when there is a search to go back to) and its submit button. */
export function SearchFormFooter({
  error,
  pending,
  onCancel,
  children,
}: {
  error: string | null;
  pending: boolean;
  onCancel: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <>
      <FormError message={error} />
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <PendingButton type="submit" size="sm" pending={pending} className="flex-1">
          <Search aria-hidden />
          {children}
        </PendingButton>
      </div>
    </>
  );
}
