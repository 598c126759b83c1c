import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { RetryButton } from '@/components/RetryButton';
import { Spinner } from '@/components/Spinner';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/useToast';
import type { SetupTwoFactorResponse } from '../../../shared/contracts/twofactor';
import type { useSetupTwoFactor } from './useTwoFactor';

/** The secret in groups of four, easier to type by hand (JBSW Y3DP EHPK 3PXP). */
export function secretGroups(secret: string) {
  return secret.match(/.{1,4}/g) ?? [secret];
}

/** The QR code to scan, and the key to type in when scanning is not possible. */
export function SetupDetails({ qrCode, secret }: SetupTwoFactorResponse) {
  const [copied, setCopied] = useState(false);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast({ title: 'Copied', description: 'The setup key is on your clipboard' });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Copy failed',
        description: 'Could not copy the key; select it and copy it by hand',
      });
    }
  }

  return (
    <div className="grid justify-items-center gap-4">
      <img
        src={qrCode}
        alt="QR code to scan with your authenticator app"
        width={192}
        height={192}
        className="size-48 rounded-lg bg-white p-2 shadow-sm"
      />
      <div className="grid w-full gap-1.5 text-center">
        <p className="text-xs text-muted-foreground">Can't scan it? Enter this key instead:</p>
        <div className="flex items-center justify-center gap-2">
          {/* Groups wrap between them, never inside one (issue #17: "…CQ5H L / BGW"). */}
          <code className="flex select-all flex-wrap justify-center gap-x-[1ch] rounded-md bg-muted px-3 py-1.5 font-mono text-sm tracking-wider text-foreground">
            {secretGroups(secret).map((group, index) => (
              // The same group can occur twice in a key: its place is its identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
              <span key={index} className="whitespace-nowrap">
                {group}
              </span>
            ))}
          </code>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={handleCopy}
            aria-label="Copy setup key"
            title="Copy setup key"
          >
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          </Button>
        </div>
      </div>
    </div>
  );
}

/**
 * Step one of either setup (profile panel, security dialog): the QR code and key once the
 * server has made them, a spinner until then, and after a failure the message with Try again —
 * kept on screen while the retry runs (issue #17), its button spinning.
 */
export function SetupQrStep({
  setup,
  failedMessage,
  onRetry,
}: {
  setup: ReturnType<typeof useSetupTwoFactor>;
  failedMessage: string;
  onRetry: () => void;
}) {
  if (setup.data) return <SetupDetails qrCode={setup.data.qrCode} secret={setup.data.secret} />;
  if (!setup.failed) {
    return <Spinner className="size-8 text-primary" label="Generating your QR code" />;
  }
  return (
    <div role="alert" className="grid justify-items-center gap-3 text-center text-sm">
      <TriangleAlert aria-hidden className="size-8 text-destructive" />
      <p>{failedMessage}</p>
      <RetryButton fetching={setup.isPending} onRetry={onRetry}>
        Try again
      </RetryButton>
    </div>
  );
}
