import * as React from 'react';
import { useSetAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { PHOTO_EXTENSIONS, PHOTO_MIME_TYPES, PROFILE_IMAGE_MAX_BYTES, useRemote, userAtom } from '@dating/shared';
import { ui } from '@dating/shared/ui';
import { problems } from '../common/messages';
import { FailureAlert, describeFailure, type Failure } from '../common/failure';
import type { Problem } from '../common/validation';
import styles from '../common/form.module.css';

/** Spec §5: photo upload accepts png, jpeg, jpg. */
export function checkPhoto(file: File): Problem | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1].toLowerCase() ?? '';
  const typeOk = file.type
    ? (PHOTO_MIME_TYPES as readonly string[]).includes(file.type)
    : (PHOTO_EXTENSIONS as readonly string[]).includes(extension);
  if (!typeOk) return { message: problems.photoType };
  if (file.size > PROFILE_IMAGE_MAX_BYTES) return { message: problems.photoSize, values: { max: PROFILE_IMAGE_MAX_BYTES / 1024 / 1024 } };
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
  const setUser = useSetAtom(userAtom);
  const inputId = React.useId();
  const errorId = React.useId();
  const [file, setFile] = React.useState<File | null>(null);
  const [preview, setPreview] = React.useState<string | null>(null);
  const [problem, setProblem] = React.useState<Problem | null>(null);
  const [failure, setFailure] = React.useState<Failure | null>(null);
  const [dragging, setDragging] = React.useState(false);
  const [uploading, setUploading] = React.useState(false);
  const [done, setDone] = React.useState(false);

  React.useEffect(() => () => {
    if (preview) URL.revokeObjectURL?.(preview);
  }, [preview]);

  function choose(chosen: File | undefined | null) {
    if (!chosen) return;
    setDone(false);
    setFailure(null);
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

  async function upload(e: React.FormEvent) {
    e.preventDefault();
    if (!file || uploading) return;
    setUploading(true);
    setFailure(null);
    try {
      const result = await api.uploadProfileImage(file, file.name);
      setUser((u) =>
        u ? { ...u, profile: { ...u.profile, main_image: result.main_image, images: [...u.profile.images, result.image] } } : u,
      );
      setDone(true);
      setFile(null);
      onUploaded?.();
    } catch (error) {
      // Spec §8: upload failures are logged. A photo the server refuses (4xx) is bad input,
      // which the member can fix, so that one is said; anything else only logged.
      console.error('photo upload failed', error);
      const described = describeFailure(error);
      if (described.kind === 'server') setFailure(described);
    } finally {
      setUploading(false);
    }
  }

  const shown = preview ?? currentUrl ?? null;
  return (
    <form className={styles.form} onSubmit={upload} noValidate>
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
          {intl.formatMessage(problem.message, problem.values)}
        </p>
      )}
      <FailureAlert failure={failure} />
      {done && (
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
