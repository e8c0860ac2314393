import { useEffect, useRef, useState } from 'react';
import { useI18n } from '../i18n/i18n';
import { FileChooser } from '../common/FileChooser';
import { cropToAspect, encodeUnderLimit, isAcceptableJpeg, outputSize } from './photo';

type CameraState = 'off' | 'starting' | 'live' | 'failed';

/** Crops a picture to 35:45 and encodes it as a JPEG under 1 MiB; null when that cannot be done. */
export function passportPhoto(source: CanvasImageSource, width: number, height: number): string | null {
  const crop = cropToAspect(width, height);
  const size = outputSize(crop);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context || crop.sw === 0) return null;
  context.drawImage(source, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, size.width, size.height);
  const encoded = encodeUnderLimit((quality) => canvas.toDataURL('image/jpeg', quality));
  return encoded && isAcceptableJpeg(encoded.uri) ? encoded.uri : null;
}

function hasCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/** A passport photo from the camera (live preview, capture, retake) or, without one, from a file. */
export function PhotoCapture({
  idPrefix,
  value,
  onChange,
}: {
  idPrefix: string;
  value: string | null;
  onChange: (uri: string | null) => void;
}) {
  const { t } = useI18n();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [camera, setCamera] = useState<CameraState>('off');
  /** True once the preview shows a picture: before that, a capture would have nothing to take. */
  const [picture, setPicture] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const cameraPossible = hasCamera();

  const stop = () => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setPicture(false);
    setCamera('off');
  };
  useEffect(() => () => stream.current?.getTracks().forEach((track) => track.stop()), []);

  const start = async () => {
    setProblem(null);
    setPicture(false);
    setCamera('starting');
    try {
      const media = await navigator.mediaDevices.getUserMedia({
        video: { width: { ideal: 1280 }, height: { ideal: 960 }, facingMode: 'user' },
        audio: false,
      });
      stream.current = media;
      setCamera('live');
      if (video.current) {
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
      }
    } catch {
      setCamera('failed');
      setProblem(t('photo.noCamera'));
    }
  };

  useEffect(() => {
    if (camera === 'live' && video.current && stream.current && video.current.srcObject !== stream.current) {
      video.current.srcObject = stream.current;
      void video.current.play().catch(() => undefined);
    }
  }, [camera]);

  const capture = () => {
    const v = video.current;
    if (!v || v.videoWidth === 0) return;
    const uri = passportPhoto(v, v.videoWidth, v.videoHeight);
    if (!uri) {
      setProblem(t('photo.tooBig'));
      return;
    }
    onChange(uri);
    stop();
  };

  const fromFile = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    const url = URL.createObjectURL(file);
    try {
      const image = new Image();
      image.src = url;
      await image.decode();
      const uri = passportPhoto(image, image.naturalWidth, image.naturalHeight);
      if (uri) onChange(uri);
      else setProblem(t('photo.tooBig'));
    } catch {
      setProblem(t('photo.unreadable'));
    } finally {
      URL.revokeObjectURL(url);
    }
  };

  return (
    <fieldset className="stack photo">
      <legend>{t('photo.title')}</legend>
      <div className="photo-stage">
        {camera === 'live' || camera === 'starting' ? (
          <video
            ref={video}
            className="photo-frame"
            muted
            playsInline
            autoPlay
            aria-label={t('photo.preview')}
            onLoadedData={(e) => setPicture(e.currentTarget.videoWidth > 0)}
            onPlaying={(e) => setPicture(e.currentTarget.videoWidth > 0)}
          />
        ) : value ? (
          <img src={value} className="photo-frame" alt={t('photo.captured')} />
        ) : (
          <div className="photo-frame photo-empty">{t('photo.none')}</div>
        )}
      </div>
      <div className="row">
        {cameraPossible && camera !== 'live' && (
          <button type="button" onClick={() => void start()} disabled={camera === 'starting'}>
            {value ? t('photo.retake') : t('photo.startCamera')}
          </button>
        )}
        {camera === 'live' && (
          <>
            <button
              type="button"
              className="primary"
              onClick={capture}
              disabled={!picture}
              aria-describedby={picture ? undefined : `${idPrefix}-waiting`}
            >
              {t('photo.take')}
            </button>
            {!picture && (
              <span className="hint" id={`${idPrefix}-waiting`} role="status">
                {t('photo.waiting')}
              </span>
            )}
            <button type="button" onClick={stop}>
              {t('photo.stopCamera')}
            </button>
          </>
        )}
        {value && camera !== 'live' && (
          <button type="button" onClick={() => onChange(null)}>
            {t('photo.remove')}
          </button>
        )}
      </div>
      {(!cameraPossible || camera === 'failed') && <p className="hint">{t('photo.useFile')}</p>}
      <FileChooser
        id={`${idPrefix}-file`}
        label={t('photo.file')}
        accept="image/jpeg,image/png,image/*"
        onFile={(file) => void fromFile(file)}
      />
      <p className="hint">{t('photo.rules')}</p>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
