import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useLanguage } from '@client/lib/i18n/language-provider';
import type { useImageUpload } from '../hooks/use-image-upload';

const acceptedTypes = 'image/jpeg,image/jpg,image/png,image/webp,image/gif';

/** Picker, paste and drop all lead to the same checks and upload. */
export function ImagePicker({ image }: { image: ReturnType<typeof useImageUpload> }) {
  const { t } = useLanguage();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const labelId = useId();
  const hintId = useId();
  const { accept } = image;

  // A pasted image anywhere on the page counts, so it works without finding the drop zone first.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const file = Array.from(event.clipboardData?.files ?? []).find((item) => item.type.startsWith('image/'));
      if (!file) return;
      event.preventDefault();
      accept(file);
    };
    window.addEventListener('paste', onPaste);
    return () => window.removeEventListener('paste', onPaste);
  }, [accept]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    accept(event.dataTransfer.files[0]);
  };

  return (
    <div role="group" aria-labelledby={labelId}>
      <p id={labelId} className="field-label">
        {t.memes.uploadLabel}
      </p>
      <input
        ref={input}
        type="file"
        accept={acceptedTypes}
        hidden
        onChange={(event) => {
          accept(event.target.files?.[0]);
          // The same file picked again after a removal must fire a change.
          event.target.value = '';
        }}
      />
      {image.imageUrl ? (
        <div className="memes-preview">
          <img src={image.imageUrl} alt={t.memes.uploadPreviewAlt} className="memes-preview__image" />
          <button type="button" className="button button--ghost" onClick={image.remove}>
            {t.memes.removeImage}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={`memes-dropzone ${dragging ? 'memes-dropzone--active' : ''}`}
          onClick={() => input.current?.click()}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          disabled={image.isUploading}
          aria-describedby={hintId}
        >
          {image.isUploading ? (
            <span className="memes-dropzone__title">
              <span className="spinner spinner--small" aria-hidden="true" /> {t.memes.uploading}
            </span>
          ) : (
            <span className="memes-dropzone__title">{t.memes.uploadButton}</span>
          )}
          <span id={hintId} className="memes-dropzone__hint muted">
            {t.memes.uploadHint}
          </span>
        </button>
      )}
      {!image.imageUrl && <p className="memes-note muted">{t.memes.uploadDefault}</p>}
    </div>
  );
}
