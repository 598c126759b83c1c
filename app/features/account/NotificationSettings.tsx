import { useId } from 'react';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import type { NotificationPreferences } from '../../../shared/contracts/account';
import { useNotificationPreferences, useSaveNotificationPreferences } from './useAccount';

const OPTIONS: readonly { key: keyof NotificationPreferences; label: string; hint: string }[] = [
  {
    key: 'tripInvitations',
    label: 'Trip invitations',
    hint: 'An email when someone invites you to plan a trip with them.',
  },
  {
    key: 'tripReminders',
    label: 'Trip reminders',
    hint: 'An email reminder as the departure date of your trips gets close.',
  },
];

/** The profile's Notification Settings tab: e-mail preferences, saved as they are switched. */
export function NotificationSettings() {
  const id = useId();
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  // While a change is saving, show it as made.
  const shown = save.isPending ? save.variables : preferences.data;

  function handleChange(key: keyof NotificationPreferences, checked: boolean) {
    if (!preferences.data) return;
    save.mutate(
      { ...preferences.data, [key]: checked },
      {
        onSuccess: () => toast({ title: 'Saved', description: 'Notification settings updated' }),
        onError: (failure) =>
          toast({
            variant: 'destructive',
            title: 'Error',
            description: errorMessage(failure, 'Could not save your notification settings'),
          }),
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notification Settings</CardTitle>
        <CardDescription>Choose which emails Tripmates sends you.</CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isPending ? (
          <div className="grid place-items-center py-8">
            <Spinner className="size-6 text-primary" label="Loading notification settings" />
          </div>
        ) : preferences.isError || !shown ? (
          <div role="alert" className="grid justify-items-start gap-3 text-sm">
            <p>Your notification settings could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => preferences.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {OPTIONS.map(({ key, label, hint }) => (
              <li key={key} className="flex items-center justify-between gap-4 p-4">
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-${key}`}>{label}</Label>
                  <p id={`${id}-${key}-hint`} className="text-sm text-muted-foreground">
                    {hint}
                  </p>
                </div>
                <Switch
                  id={`${id}-${key}`}
                  checked={shown[key]}
                  disabled={save.isPending}
                  onCheckedChange={(checked) => handleChange(key, checked)}
                  aria-describedby={`${id}-${key}-hint`}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
