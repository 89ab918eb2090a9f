import { useEffect, useRef, useState } from 'react';

export type CameraState = { kind: 'waiting' } | { kind: 'ready'; stream: MediaStream } | { kind: 'unavailable'; reason: 'permission' | 'device' };

/** The camera and microphone while the page is open (stopped when it closes); `unavailable` says why. */
export function useCamera(): CameraState {
  const [state, setState] = useState<CameraState>({ kind: 'waiting' });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let current = true;
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ kind: 'unavailable', reason: 'device' });
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
        const name = (error as { name?: string } | null)?.name;
        if (current) setState({ kind: 'unavailable', reason: name === 'NotAllowedError' || name === 'SecurityError' ? 'permission' : 'device' });
      });
    return () => {
      current = false;
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);
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
