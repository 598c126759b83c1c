import { Check, Copy, Download, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/useToast';
import { type CodesAccount, downloadRecoveryCodes } from './recoveryCodesFile';

/**
 * The recovery codes, the one time they are shown (issue #35): after two-factor set-up and after
 * making new ones. A grid to read or copy, Copy and Download, and the button that says they are
 * kept — the step is finished by the person, not by a timer or a stray click.
 */
export function RecoveryCodesView({
  codes,
  account,
  onDone,
}: {
  codes: string[];
  account: CodesAccount;
  onDone: () => void;
}) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const [downloaded, setDownloaded] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);

  // The step replaces the form that was used to get here: focus (and a screen reader) goes to
  // the codes.
  useEffect(() => {
    listRef.current?.focus();
  }, []);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(`${codes.join('\n')}\n`);
      setCopied(true);
      toast({ title: 'Copied', description: 'Your recovery codes are on your clipboard' });
    } catch {
      toast({
        variant: 'destructive',
        title: 'Copy failed',
        description: 'Could not copy the codes; select them and copy them by hand',
      });
    }
  }

  function handleDownload() {
    downloadRecoveryCodes(codes, account);
    setDownloaded(true);
  }

  return (
    <div className="grid gap-4">
      <div
        id={`${id}-note`}
        className="flex items-start gap-2 rounded-lg border border-amber-500/30 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-100"
      >
        <TriangleAlert
          aria-hidden
          className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-300"
        />
        <p>
          Keep these somewhere safe, such as a password manager. If you lose your phone, each code
          signs you in once. <strong className="font-semibold">They won't be shown again.</strong>
        </p>
      </div>
      <ol
        ref={listRef}
        tabIndex={-1}
        aria-label="Your recovery codes"
        aria-describedby={`${id}-note`}
        className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border border-border bg-muted/50 px-4 py-3 font-mono text-[0.95rem] tracking-wide text-foreground outline-none select-all focus-visible:ring-2 focus-visible:ring-ring/40 sm:gap-x-8 sm:px-6"
      >
        {codes.map((code) => (
          <li key={code} className="whitespace-nowrap text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="grid grid-cols-2 gap-2">
        <Button type="button" variant="outline" onClick={handleCopy}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button type="button" variant="outline" onClick={handleDownload}>
          {downloaded ? <Check aria-hidden /> : <Download aria-hidden />}
          Download
        </Button>
      </div>
      <Button type="button" onClick={onDone}>
        I have saved my codes
      </Button>
    </div>
  );
}
