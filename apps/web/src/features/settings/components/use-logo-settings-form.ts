import { LOGO_MESSAGES } from '@dms/domain';
import type { UseFormReturnType } from '@mantine/form';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { showToast } from '../../../lib/toast';
import { useUploadLogo } from '../api/logos';

interface Versioned {
  version: number;
  logoUrl: string | null;
}

/**
 * A settings form with a logo, saved with optimistic locking (General, Quote template): starts from
 * the stored record once, uploads a chosen logo before saving, and removes the stored logo. Gives
 * the submit handler and the props of `LogoUpload` that hold its state.
 */
export function useLogoSettingsForm<V, R extends Versioned>({
  form,
  loaded,
  fetching,
  valuesOf,
  update,
  removeLogo,
  onSaved,
  onSaveFailed,
}: {
  form: UseFormReturnType<V>;
  loaded: R | undefined;
  fetching: boolean;
  valuesOf: (record: R) => V;
  update: {
    mutate: (
      input: V & { logoUrl: string | null; version: number },
      options: { onSuccess: (saved: R) => void; onError: (error: unknown) => void },
    ) => void;
    isPending: boolean;
  };
  removeLogo: { mutateAsync: () => Promise<{ version: number; message: string }>; isPending: boolean };
  onSaved: () => void;
  onSaveFailed: (error: unknown) => void;
}) {
  const upload = useUploadLogo();
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The version the form was loaded with (optimistic locking): a save from a stale form is refused.
  const version = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: initialise once, from the fresh record
  useEffect(() => {
    if (!loaded || form.initialized || fetching) return;
    version.current = loaded.version;
    form.initialize(valuesOf(loaded));
  }, [loaded, fetching]);

  const saving = upload.isPending || update.isPending;

  const save: (event?: FormEvent<HTMLFormElement>) => void = form.onSubmit(async (values) => {
    if (!loaded) return;
    setFailure(null);
    let logoUrl = loaded.logoUrl;
    if (file) {
      try {
        logoUrl = await upload.mutateAsync(file);
      } catch {
        setFailure(LOGO_MESSAGES.uploadFailed);
        return;
      }
    }
    update.mutate(
      { ...values, logoUrl, version: version.current },
      {
        onSuccess: (saved) => {
          version.current = saved.version;
          setFile(null);
          form.setInitialValues(valuesOf(saved));
          form.setValues(valuesOf(saved));
          form.resetDirty(valuesOf(saved));
          onSaved();
        },
        onError: onSaveFailed,
      },
    );
  });

  const remove = async () => {
    setFailure(null);
    try {
      const result = await removeLogo.mutateAsync();
      version.current = result.version;
      showToast({ tone: 'success', title: 'Success', message: result.message });
    } catch {
      setFailure(LOGO_MESSAGES.deleteFailed);
    }
  };

  return {
    save,
    saving,
    /** Spread into `LogoUpload`. */
    logo: {
      file,
      onFileChange: (next: File | null) => {
        setFailure(null);
        setFile(next);
      },
      onRemove: remove,
      removing: removeLogo.isPending,
      failure,
      onDismissFailure: () => setFailure(null),
      disabled: saving,
    },
  };
}
