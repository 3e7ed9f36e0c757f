import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import {
  BUG_IMAGE_MIME_TYPES,
  BUG_IMAGES_MAX,
  BUG_REPORT_CLOSE_MS,
  checkBugReport,
  SOCIAL_TEXTS,
  type BugReportErrors,
} from '@rush/domain';
import { errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { FieldError, FormMessage, TextField } from '../../ui/Field.tsx';
import { useCloseOverlay } from '../../ui/overlayFlags.ts';
import { sendBugReport } from './api.ts';
import { addImages, type PickedImage } from './imageFiles.ts';
import './reports.css';

/**
 * SPEC 2 bug report modal (`?bugreport`, visitors too): Title, Platform, Description, up to 3
 * images, Send Report; then "Report sent" / "Thank you for feedback!" and the modal closes after
 * 3 s (SPEC 9). The SPEC 5 rules are the domain's checkBugReport, shown under each field; images
 * are checked by their bytes when picked, so only JPEGs and PNGs are ever sent.
 */
export function BugReportForm() {
  const close = useCloseOverlay('bugreport');
  const descriptionId = useId();
  const imagesId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [platform, setPlatform] = useState('');
  const [description, setDescription] = useState('');
  const [images, setImages] = useState<PickedImage[]>([]);
  const [imageNote, setImageNote] = useState<string | null>(null);
  const [errors, setErrors] = useState<BugReportErrors>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const closeNow = useEffectEvent(() => close());
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => closeNow(), BUG_REPORT_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [sent]);

  const pick = (files: FileList | null) => {
    const list = files ? [...files] : [];
    if (fileInput.current) fileInput.current.value = '';
    if (list.length === 0) return;
    void addImages(images, list).then(({ images: next, note }) => {
      setImages(next);
      setImageNote(note);
    });
  };

  const submit = () => {
    const check = checkBugReport({ title, platform, description, images: images.map((i) => i.bytes) });
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    setError(null);
    setBusy(true);
    const { value } = check;
    const named = value.images.map((img, i) => ({ ...img, name: images[i]?.name ?? `image-${i + 1}` }));
    sendBugReport({ ...value, images: named }).then(
      () => {
        setBusy(false);
        setSent(true);
      },
      (e: unknown) => {
        setBusy(false);
        setError(errorText(e));
      },
    );
  };

  if (sent) {
    return (
      <div className="report-sent" role="status">
        <p className="report-sent-title">{SOCIAL_TEXTS.reportSent}</p>
        <p>{SOCIAL_TEXTS.thankYou}</p>
      </div>
    );
  }

  return (
    <form
      className="bug-report-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TextField label="Title" value={title} onValueChange={setTitle} error={errors.title} data-autofocus />
      <TextField label="Platform" value={platform} onValueChange={setPlatform} error={errors.platform} />
      <div className="field">
        <label htmlFor={descriptionId}>Description</label>
        <textarea
          id={descriptionId}
          rows={5}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${descriptionId}-error` : undefined}
        />
        <FieldError id={`${descriptionId}-error`} error={errors.description} />
      </div>
      <div className="field">
        <label htmlFor={imagesId}>
          Images ({images.length}/{BUG_IMAGES_MAX})
        </label>
        <input
          ref={fileInput}
          id={imagesId}
          type="file"
          multiple
          accept={BUG_IMAGE_MIME_TYPES.join(',')}
          disabled={images.length >= BUG_IMAGES_MAX}
          onChange={(e) => pick(e.target.files)}
        />
        {images.length > 0 ? (
          <ul className="bug-images" aria-label="Attached images">
            {images.map((image) => (
              <li key={image.id}>
                <span>{image.name}</span>
                <Button
                  variant="link"
                  aria-label={`Remove ${image.name}`}
                  onClick={() => {
                    setImages((list) => list.filter((i) => i.id !== image.id));
                    setImageNote(null);
                  }}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {imageNote ? (
          <p className="field-hint" role="status">
            {imageNote}
          </p>
        ) : null}
        <FieldError error={errors.images} />
      </div>
      <FormMessage text={error} />
      <Button type="submit" busy={busy}>
        {SOCIAL_TEXTS.sendReport}
      </Button>
    </form>
  );
}
