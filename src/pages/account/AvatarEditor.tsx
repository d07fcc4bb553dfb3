// Upload a profile picture: choose a file or drop one on the zone. Only images are taken (the file picker
// filters image types, a drop of anything else is refused with a message); the server checks bytes and size.
import { useLingui } from '@lingui/react/macro';
import { ImageUp, Trash2 } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { dataWorker } from '../../bridge/worker';
import { Button } from '../../components/Button';
import { translateServerMessage as tr } from '../../i18n/messages';
import { errorText } from '../../state/ui';
import styles from './Account.module.css';
import { Avatar } from './Avatar';

export const AVATAR_MAX_BYTES = 512 * 1024;
const ACCEPT = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

export const isImage = (type: string) => type.startsWith('image/');

function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

export function AvatarEditor({ src, name }: { src: string | null | undefined; name: string }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState<'ok' | 'bad' | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  const take = async (file: File | undefined) => {
    if (!file) return;
    if (!isImage(file.type)) {
      setMessage({ error: true, text: t`Only image files can be used as a picture.` });
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setMessage({ error: true, text: t`The picture must be 512 KB or smaller` });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await dataWorker.uploadAvatar(await readDataUrl(file));
      setMessage({ error: false, text: t`Picture saved.` });
    } catch (e) {
      setMessage({ error: true, text: tr(errorText(e)) });
    } finally {
      setBusy(false);
    }
  };

  const dragKind = (e: DragEvent) => {
    const items = [...e.dataTransfer.items];
    return items.length > 0 && items.every((i) => i.kind === 'file' && isImage(i.type)) ? 'ok' : 'bad';
  };

  return (
    <div className={styles.avatarEditor}>
      <fieldset
        aria-label={t`Picture`}
        className={styles.dropZone}
        data-over={over ?? undefined}
        onDragEnter={(e) => {
          e.preventDefault();
          setOver(dragKind(e));
        }}
        onDragOver={(e) => {
          e.preventDefault();
          const kind = dragKind(e);
          e.dataTransfer.dropEffect = kind === 'ok' ? 'copy' : 'none';
          setOver(kind);
        }}
        onDragLeave={() => setOver(null)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(null);
          const files = [...e.dataTransfer.files];
          const image = files.find((f) => isImage(f.type));
          if (!image) {
            setMessage({ error: true, text: t`Only image files can be used as a picture.` });
            return;
          }
          void take(image);
        }}
        aria-describedby={hintId}
      >
        <Avatar src={src} name={name} size={88} />
        <div className={styles.dropText}>
          <p id={hintId}>{t`Drop an image here, or choose a file. PNG, JPEG, WebP or GIF, up to 512 KB.`}</p>
          <div className={styles.row}>
            <Button
              size="sm"
              variant="primary"
              busy={busy}
              icon={<ImageUp size={16} aria-hidden="true" />}
              onClick={() => input.current?.click()}
            >
              {t`Choose picture`}
            </Button>
            {src && (
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                icon={<Trash2 size={16} aria-hidden="true" />}
                onClick={async () => {
                  setBusy(true);
                  try {
                    await dataWorker.removeAvatar();
                    setMessage({ error: false, text: t`Picture removed.` });
                  } catch (e) {
                    setMessage({ error: true, text: tr(errorText(e)) });
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                {t`Remove picture`}
              </Button>
            )}
          </div>
          <input
            ref={input}
            type="file"
            accept={ACCEPT.join(',')}
            className="visually-hidden"
            tabIndex={-1}
            aria-label={t`Picture file`}
            onChange={(e) => {
              void take(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </div>
      </fieldset>
      {message && (
        <p className={message.error ? styles.error : styles.ok} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </div>
  );
}
