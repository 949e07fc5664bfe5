import * as React from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { PHOTO_EXTENSIONS, PHOTO_MIME_TYPES, PROFILE_IMAGE_MAX_BYTES, ruleMessage, useRemote, useSetUser } from '@dating/shared';
import { ui, useRuleText } from '@dating/shared/ui';
import { problems } from '../common/messages';
import { FailureAlert, describeFailure } from '../common/failure';
import styles from '../common/form.module.css';

/** The words of checkPhoto's rule messages. */
const PHOTO_RULES = [problems.photoType, problems.photoSize];

/** Spec §5: photo upload accepts png, jpeg, jpg. The broken rule as a rule message, or null. */
export function checkPhoto(file: File): string | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1].toLowerCase() ?? '';
  const typeOk = file.type
    ? (PHOTO_MIME_TYPES as readonly string[]).includes(file.type)
    : (PHOTO_EXTENSIONS as readonly string[]).includes(extension);
  if (!typeOk) return ruleMessage(problems.photoType.id!);
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return ruleMessage(problems.photoSize.id!, { max: PROFILE_IMAGE_MAX_BYTES / 1024 / 1024 });
  return null;
}

export interface PhotoFormProps {
  /** Called after a photo was uploaded (the user in the store already has it). */
  onUploaded?(): void;
  submitLabel: React.ReactNode;
  /** Further buttons beside the upload button (Skip in the signup). */
  children?: React.ReactNode;
  /** The photo the member has now (thumb URL), shown until another one is chosen. */
  currentUrl?: string | null;
}

/** A photo by drag and drop or file picker, previewed, then uploaded (profileimage.php). */
export function PhotoForm({ onUploaded, submitLabel, children, currentUrl }: PhotoFormProps) {
  const { api } = useRemote();
  const intl = useIntl();
  const ruleText = useRuleText(PHOTO_RULES);
  const setUser = useSetUser();
  const inputId = React.useId();
  const errorId = React.useId();
  const [file, setFile] = React.useState<File | null>(null);
  const [preview, setPreview] = React.useState<string | null>(null);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [dragging, setDragging] = React.useState(false);
  const upload = useMutation({
    mutationFn: (chosen: File) => api.uploadProfileImage(chosen, chosen.name),
    onSuccess: (result) => {
      setUser((u) =>
        u ? { ...u, profile: { ...u.profile, main_image: result.main_image, images: [...u.profile.images, result.image] } } : u,
      );
      setFile(null);
      onUploaded?.();
    },
    // Spec §8: upload failures are logged. A photo the server refuses (4xx) is bad input, which the
    // member can fix, so that one is said (below); anything else only logged.
    onError: (error) => console.error('photo upload failed', error),
  });
  const described = upload.error ? describeFailure(upload.error) : null;
  const failure = described?.kind === 'server' ? described : null;
  const uploading = upload.isPending;

  React.useEffect(() => () => {
    if (preview) URL.revokeObjectURL?.(preview);
  }, [preview]);

  function choose(chosen: File | undefined | null) {
    if (!chosen) return;
    upload.reset();
    const p = checkPhoto(chosen);
    setProblem(p);
    if (p) {
      setFile(null);
      setPreview(null);
      return;
    }
    setFile(chosen);
    setPreview(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(chosen) : null);
  }

  const shown = preview ?? currentUrl ?? null;
  return (
    <form
      className={styles.form}
      onSubmit={(e) => {
        e.preventDefault();
        if (file && !uploading) upload.mutate(file);
      }}
      noValidate
    >
      <div
        className={`${styles.dropzone} ${dragging ? styles.dropzoneActive : ''}`}
        data-testid="photo-dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          choose(e.dataTransfer?.files?.[0]);
        }}
      >
        {shown ? (
          <img className={styles.preview} src={shown} alt={intl.formatMessage({ id: 'photo.preview', defaultMessage: 'Your photo' })} />
        ) : null}
        <p className={styles.hint}>
          <FormattedMessage id="photo.drop" defaultMessage="Drag a photo here, or" />
        </p>
        <input
          id={inputId}
          className={styles.visuallyHidden}
          type="file"
          accept={[...PHOTO_MIME_TYPES, ...PHOTO_EXTENSIONS.map((e) => `.${e}`)].join(',')}
          aria-describedby={problem ? errorId : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <label htmlFor={inputId} className={styles.secondary}>
          <FormattedMessage id="photo.choose" defaultMessage="Choose a photo" />
        </label>
        {file && <p className={styles.hint}>{file.name}</p>}
      </div>
      {problem && (
        <p id={errorId} className={styles.error} role="alert">
          {ruleText(problem)}
        </p>
      )}
      <FailureAlert failure={failure} />
      {upload.isSuccess && (
        <p role="status" className={styles.hint}>
          <FormattedMessage id="photo.saved" defaultMessage="Your photo has been saved." />
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={ui.button} disabled={!file || uploading} aria-busy={uploading || undefined}>
          {uploading ? <FormattedMessage id="photo.uploading" defaultMessage="Uploading…" /> : submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
