import { useEffect, useRef, useState } from 'react';

/**
 * Why the camera is not there, as the candidate must act on it:
 * - `policy`: the page (or the site framing it) does not allow camera or microphone
 *   (Permissions-Policy, an iframe without `allow`, an insecure page): the browser settings are
 *   not the cause, and only another page (the mailed link) can record;
 * - `denied`: the candidate (or the browser's settings) refused access: allow it and try again;
 * - `device`: no camera or microphone, or one another application holds.
 */
export type CameraProblemCause = 'policy' | 'denied' | 'device';

export type CameraState = { kind: 'waiting' } | { kind: 'ready'; stream: MediaStream } | { kind: 'unavailable'; reason: CameraProblemCause; retry: () => void };

/** The document's feature policy where the browser exposes it (Chromium: `featurePolicy`, newer: `permissionsPolicy`). */
interface PolicyDocument {
  permissionsPolicy?: { allowsFeature(feature: string): boolean };
  featurePolicy?: { allowsFeature(feature: string): boolean };
}

/** False when this page may not use camera or microphone, whatever the candidate allows; undefined when the browser cannot tell. */
export function pageAllowsCamera(doc: Document = document): boolean | undefined {
  const policy = (doc as Document & PolicyDocument).permissionsPolicy ?? (doc as Document & PolicyDocument).featurePolicy;
  if (!policy?.allowsFeature) return undefined;
  return policy.allowsFeature('camera') && policy.allowsFeature('microphone');
}

/** The cause of a failed getUserMedia, from the page's policy first, then the error's name. */
export function cameraProblemCause(error: unknown, allowedByPage: boolean | undefined): CameraProblemCause {
  if (allowedByPage === false) return 'policy';
  const name = (error as { name?: string } | null)?.name;
  // SecurityError: the document itself may not ask (insecure page, sandboxed frame).
  if (name === 'SecurityError') return 'policy';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError') return 'denied';
  return 'device';
}

/** The camera and microphone while the page is open (stopped when it closes); `unavailable` says why and can try again. */
export function useCamera(): CameraState {
  const [state, setState] = useState<CameraState>({ kind: 'waiting' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let current = true;
    const retry = () => {
      setState({ kind: 'waiting' });
      setAttempt((value) => value + 1);
    };
    const allowedByPage = pageAllowsCamera();
    if (allowedByPage === false) {
      setState({ kind: 'unavailable', reason: 'policy', retry });
      return;
    }
    if (!navigator.mediaDevices?.getUserMedia) {
      // mediaDevices is missing on insecure pages: the page is the cause, not the device.
      setState({ kind: 'unavailable', reason: window.isSecureContext === false ? 'policy' : 'device', retry });
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: true })
      .then((media) => {
        stream = media;
        if (current) setState({ kind: 'ready', stream: media });
        else for (const track of media.getTracks()) track.stop();
      })
      .catch((error: unknown) => {
        if (current) setState({ kind: 'unavailable', reason: cameraProblemCause(error, allowedByPage), retry });
      });
    return () => {
      current = false;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [attempt]);
  return state;
}

/** The microphone's level, 0..1, sampled a few times a second (the intro's level meter). */
export function useAudioLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  const frame = useRef(0);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      let peak = 0;
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128) / 128);
      frame.current = peak;
      setLevel(Math.round(peak * 100) / 100);
    }, 150);
    return () => {
      clearInterval(timer);
      void context.close();
    };
  }, [stream]);
  return level;
}

/** The first recording format this browser offers (WebM in Chromium and Firefox, MP4 in Safari). */
export function recordingMimeType(): string | undefined {
  if (typeof MediaRecorder === 'undefined') return undefined;
  return ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'].find((type) => MediaRecorder.isTypeSupported(type));
}
