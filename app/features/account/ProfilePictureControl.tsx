import { ImageUp, Trash2 } from 'lucide-react';
import { type ChangeEvent, useRef, useState } from 'react';
import { FormError } from '@/components/FormError';
import { PendingButton } from '@/components/PendingButton';
import { toast } from '@/hooks/useToast';
import { errorMessage } from '@/lib/apiError';
import {
  type CurrentUser,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_MESSAGES,
} from '../../../shared/contracts/account';
import { useRemovePicture, useUploadPicture } from './useAccount';

/**
 * Upload picture and Remove picture, beside the profile's avatar (issue #38 item 9). Choosing a
 * file is all it takes: it is sent at once, and the server keeps a square of it without its
 * metadata. A refusal (not a picture, too large, damaged) shows here, in the server's words.
 */
export function ProfilePictureControl({ user }: { user: CurrentUser }) {
  const chooser = useRef<HTMLInputElement>(null);
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  function handleChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after a failure) is a change too.
    event.target.value = '';
    if (!file) return;
    // Said at once rather than after sending megabytes the server would refuse.
    if (file.size > PROFILE_PICTURE_MAX_BYTES) {
      setError(PROFILE_PICTURE_MESSAGES.tooLarge);
      return;
    }
    setError(null);
    upload.mutate(file, {
      onSuccess: () => toast({ title: 'Profile picture updated' }),
      onError: (failure) =>
        setError(errorMessage(failure, 'Could not upload your picture. Please try again.')),
    });
  }

  function handleRemove() {
    setError(null);
    remove.mutate(undefined, {
      onSuccess: () => toast({ title: 'Profile picture removed' }),
      onError: (failure) =>
        setError(errorMessage(failure, 'Could not remove your picture. Please try again.')),
    });
  }

  return (
    <div className="grid justify-items-start gap-2">
      <div className="flex flex-wrap gap-2">
        <PendingButton
          type="button"
          size="sm"
          variant="outline"
          pending={upload.isPending}
          disabled={busy}
          onClick={() => chooser.current?.click()}
        >
          {!upload.isPending && <ImageUp aria-hidden />}
          {upload.isPending ? 'Uploading…' : 'Upload picture'}
        </PendingButton>
        {user.profileImageUrl && (
          <PendingButton
            type="button"
            size="sm"
            variant="ghost"
            pending={remove.isPending}
            disabled={busy}
            onClick={handleRemove}
          >
            {!remove.isPending && <Trash2 aria-hidden />}
            Remove picture
          </PendingButton>
        )}
      </div>
      <input
        ref={chooser}
        type="file"
        accept="image/*"
        aria-label="Choose a profile picture"
        tabIndex={-1}
        className="hidden"
        onChange={handleChosen}
      />
      <FormError message={error} className="py-1.5" />
    </div>
  );
}
