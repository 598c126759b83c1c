import { useId } from 'react';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import {
  CHANNELS_OF,
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
  type NotificationChannel,
  type NotificationKind,
} from '../../../shared/contracts/notifications';
import { useNotificationPreferences, useSaveNotificationPreferences } from './useAccount';

/** Each channel's words: beside its switch, and after the kind in the switch's name. */
const CHANNELS: readonly { channel: NotificationChannel; label: string; named: string }[] = [
  { channel: 'inApp', label: 'In app', named: 'in app' },
  { channel: 'email', label: 'E-mail', named: 'by e-mail' },
];

/**
 * The profile's Notification Settings tab (issue #24): each kind of notification, in the app
 * (the bell) and by e-mail, saved as it is switched.
 */
export function NotificationSettings() {
  const id = useId();
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  // While a change is saving, show it as made.
  const shown = save.isPending ? save.variables : preferences.data;

  function handleChange(kind: NotificationKind, channel: NotificationChannel, checked: boolean) {
    if (!preferences.data) return;
    save.mutate(
      { ...preferences.data, [kind]: { ...preferences.data[kind], [channel]: checked } },
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
        <CardDescription>
          Choose what Tripmates tells you about: in the app, under the bell, and by e-mail.
        </CardDescription>
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
            {NOTIFICATION_KINDS.map((kind) => {
              const { label, hint } = NOTIFICATION_LABELS[kind];
              const hintId = `${id}-${kind}-hint`;
              return (
                <li
                  key={kind}
                  data-testid="notification-kind"
                  className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6"
                >
                  <div className="grid gap-1">
                    <p className="text-sm font-medium">{label}</p>
                    <p id={hintId} className="text-sm text-muted-foreground">
                      {hint}
                    </p>
                  </div>
                  <div className="flex shrink-0 items-center gap-6">
                    {CHANNELS.map(({ channel, label: channelLabel, named }) => {
                      const switchId = `${id}-${kind}-${channel}`;
                      // A kind without this channel (a summary in the app) keeps the column.
                      if (!CHANNELS_OF[kind].includes(channel)) {
                        return <span key={channel} aria-hidden className="w-24" />;
                      }
                      return (
                        <div key={channel} className="flex w-24 items-center gap-2">
                          <Switch
                            id={switchId}
                            checked={shown[kind][channel]}
                            disabled={save.isPending}
                            onCheckedChange={(checked) => handleChange(kind, channel, checked)}
                            aria-label={`${label} ${named}`}
                            aria-describedby={hintId}
                          />
                          <Label htmlFor={switchId} className="font-normal">
                            {channelLabel}
                          </Label>
                        </div>
                      );
                    })}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
