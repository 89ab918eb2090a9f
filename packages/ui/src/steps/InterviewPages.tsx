import { errorKeyFromUnknown } from '@rec/api-client';
import { localizedText as pickText } from './localized-text';
import { NEXT_STEP_PATH, STEPS_BASE } from '@rec/core/step-routing';
import type { InterviewConfig } from '@rec/core/steps';
import { Button, MessageBlock } from '../form-controls';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { AnswerUploader } from './interview-upload';
import { StepFrame, type StepPageProps } from './StepFrame';
import { useStepsEnv } from './steps-env';
import { type CameraState, recordingMimeType, useAudioLevel, useCamera } from './use-camera';

const INTERVIEW = `${STEPS_BASE}/interview`;

function configOf(props: StepPageProps): InterviewConfig {
  return props.step?.config as InterviewConfig;
}

/** /applicant/steps/interview: what will happen. */
export function InterviewOverviewPage(props: StepPageProps) {
  const env = useStepsEnv();
  const { t } = env;
  const config = configOf(props);
  return (
    <StepFrame title={t('steps.interview.title')} steps={props.steps} current={props.step}>
      <p>{t('steps.interview.intro', { count: config.questions.length })}</p>
      <ul>
        <li>{t('steps.interview.think', { seconds: config.thinkSeconds })}</li>
        <li>{t('steps.interview.answer', { seconds: config.answerSeconds })}</li>
        <li>{t('steps.interview.retakes', { count: config.retakes })}</li>
      </ul>
      <p>{t('steps.interview.saved')}</p>
      <div className="form-actions">
        <Button onClick={() => env.go(`${INTERVIEW}/intro`)}>{t('steps.interview.checkCamera')}</Button>
      </div>
    </StepFrame>
  );
}

function Preview({ stream, label }: { stream: MediaStream; label: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} className="step-video" autoPlay muted playsInline aria-label={label} />;
}

const PROBLEM_TEXTS = {
  policy: { title: 'steps.interview.blockedByPage', help: 'steps.interview.blockedByPageHelp' },
  denied: { title: 'steps.interview.denied', help: 'steps.interview.deniedHelp' },
  device: { title: 'steps.interview.noCamera', help: 'steps.interview.noCameraHelp' },
} as const;

/**
 * Why the camera is missing, with the advice that fits the cause (issue 25): the page's policy
 * cannot be changed by the candidate, so it points to the mailed link (it survives a reload,
 * unlike the embedded steps' token); a refusal or a missing device can be mended, then tried again.
 */
function CameraProblem({ camera }: { camera: CameraState }) {
  const env = useStepsEnv();
  const { t } = env;
  if (camera.kind !== 'unavailable') return null;
  const texts = PROBLEM_TEXTS[camera.reason];
  return (
    <MessageBlock tone="error" title={t(texts.title)}>
      <p>{t(texts.help)}</p>
      {camera.reason === 'policy' ? null : <p>{t('steps.interview.continueFromMail')}</p>}
      <p>{t('steps.interview.uploadInstead')}</p>
      {camera.reason === 'policy' ? null : (
        <div className="form-actions">
          <Button variant="secondary" onClick={camera.retry}>
            {t('steps.interview.tryAgain')}
          </Button>
        </div>
      )}
    </MessageBlock>
  );
}

/** /applicant/steps/interview/intro: the camera and microphone check, with a live preview and a level meter. */
export function InterviewIntroPage(props: StepPageProps) {
  const env = useStepsEnv();
  const { t } = env;
  const camera = useCamera();
  const level = useAudioLevel(camera.kind === 'ready' ? camera.stream : null);
  const meterId = useId();
  return (
    <StepFrame title={t('steps.interview.checkTitle')} steps={props.steps} current={props.step}>
      <p>{t('steps.interview.checkText')}</p>
      {camera.kind === 'waiting' ? <p role="status">{t('steps.interview.waitingCamera')}</p> : null}
      {camera.kind === 'ready' ? (
        <>
          <Preview stream={camera.stream} label={t('steps.interview.preview')} />
          <p>
            <label htmlFor={meterId}>{t('steps.interview.level')}</label>{' '}
            <meter id={meterId} className="step-meter" min={0} max={1} low={0.05} value={level} />
          </p>
        </>
      ) : null}
      <CameraProblem camera={camera} />
      <div className="form-actions">
        <Button onClick={() => env.go(`${INTERVIEW}/recording`)}>{t(camera.kind === 'ready' ? 'steps.interview.begin' : 'steps.interview.beginUpload')}</Button>
      </div>
    </StepFrame>
  );
}

type Phase = { kind: 'think'; left: number } | { kind: 'recording'; left: number } | { kind: 'review'; url: string } | { kind: 'saving' };

/**
 * /applicant/steps/interview/recording: per question, think time, then recording with a
 * countdown up to the maximum duration, then keep it or retake while retakes are left. The
 * answer is uploaded while it is recorded; without a camera, a recorded video can be uploaded.
 */
export function InterviewRecordingPage(props: StepPageProps) {
  const env = useStepsEnv();
  const { t } = env;
  const { locale } = env;
  const config = configOf(props);
  const stepId = props.step?._id ?? '';
  const camera = useCamera();
  const [answered, setAnswered] = useState<Record<string, number>>(() => ({ ...((props.step?.progress?.answered as Record<string, number>) ?? {}) }));
  const question = config.questions.find((item) => !answered[item.id]) ?? null;
  const index = question ? config.questions.indexOf(question) : config.questions.length;
  const [phase, setPhase] = useState<Phase>({ kind: 'think', left: config.thinkSeconds });
  const [attempt, setAttempt] = useState<{ number: number; retakesLeft: number } | null>(null);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const uploader = useRef<AnswerUploader | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  /** True while record() waits for its attempt, before `recorder` is set. */
  const starting = useRef(false);
  const recorded = useRef<Blob[]>([]);
  const steps = env.api;

  // Each new question starts with its think time.
  useEffect(() => {
    setPhase({ kind: 'think', left: config.thinkSeconds });
    setAttempt(null);
  }, [question?.id]);

  // One clock for both countdowns.
  useEffect(() => {
    if (phase.kind !== 'think' && phase.kind !== 'recording') return;
    if (phase.left <= 0) {
      if (phase.kind === 'think' && camera.kind === 'ready') void record();
      if (phase.kind === 'recording') stop();
      return;
    }
    // A tick counts down the phase it was set for, never a later one: the recorder's `onstop` may set
    // the review between this timer firing and the effect's cleanup (effects run after paint, late
    // on a busy machine). A tick from the stale closure then put the page back into "recording"
    // with no recorder behind it: the countdown went on and Stop did nothing (CI journeys, issue 33).
    const timer = setTimeout(() => setPhase((current) => (current === phase ? { ...phase, left: phase.left - 1 } : current)), 1000);
    return () => clearTimeout(timer);
  }, [phase, camera.kind]);

  async function newAttempt(): Promise<number | null> {
    if (!question) return null;
    try {
      const started = await steps.startAttempt(stepId, question.id);
      setAttempt({ number: started.attempt, retakesLeft: started.retakesLeft });
      uploader.current = new AnswerUploader(steps, stepId, question.id, started.attempt, (sent, total) => setProgress({ sent, total }));
      return started.attempt;
    } catch (error) {
      setFailure(errorKeyFromUnknown(error));
      return null;
    }
  }

  async function record() {
    // Set before the attempt is asked for: the think time running out and a click on "Start" (or two
    // clicks) in the same moment must start one recording. Two did, and the second began after the
    // candidate had stopped the first: "Stop" seemed to do nothing and a retake was spent.
    if (camera.kind !== 'ready' || recorder.current || starting.current) return;
    starting.current = true;
    try {
      await startRecording(camera.stream);
    } finally {
      starting.current = false;
    }
  }

  async function startRecording(stream: MediaStream) {
    setFailure(null);
    if ((await newAttempt()) === null) return;
    const mimeType = recordingMimeType();
    const media = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    recorded.current = [];
    media.ondataavailable = (event) => {
      recorded.current.push(event.data);
      uploader.current?.add(event.data);
    };
    media.onstop = () => {
      recorder.current = null;
      setPhase({ kind: 'review', url: URL.createObjectURL(new Blob(recorded.current, { type: mimeType ?? 'video/webm' })) });
    };
    recorder.current = media;
    // A piece every second: uploaded while the candidate speaks.
    media.start(1000);
    setPhase({ kind: 'recording', left: config.answerSeconds });
  }

  function stop() {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }

  async function keep(number = attempt?.number) {
    if (!question || !number || !uploader.current) return;
    setBusy(true);
    setPhase({ kind: 'saving' });
    try {
      await uploader.current.flush();
      const result = await steps.finishAttempt(stepId, question.id, number);
      setAnswered(result.answered);
      setProgress(null);
    } catch (error) {
      setFailure(errorKeyFromUnknown(error));
      setPhase({ kind: 'think', left: 0 });
    } finally {
      setBusy(false);
    }
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !question) return;
    setFailure(null);
    const number = await newAttempt();
    if (number === null) return;
    uploader.current?.add(file);
    // The state update of newAttempt is not visible in this closure yet: pass the number on.
    await keep(number);
  }

  async function finish() {
    setBusy(true);
    try {
      await steps.complete(stepId);
      env.go(NEXT_STEP_PATH);
    } catch (error) {
      setFailure(errorKeyFromUnknown(error));
      setBusy(false);
    }
  }

  const title = question ? t('steps.interview.questionTitle', { current: index + 1, total: config.questions.length }) : t('steps.interview.allDone');
  return (
    <StepFrame title={title} steps={props.steps} current={props.step}>
      {question ? (
        <>
          <p className="step-question">{pickText(question.text, locale)}</p>
          {camera.kind === 'ready' && phase.kind !== 'review' ? <Preview stream={camera.stream} label={t('steps.interview.preview')} /> : null}
          {phase.kind === 'think' && camera.kind === 'ready' ? (
            <>
              <p className="step-timer" role="timer">
                {t('steps.interview.thinkLeft', { seconds: phase.left })}
              </p>
              <div className="form-actions">
                <Button onClick={() => void record()}>{t('steps.interview.startRecording')}</Button>
              </div>
            </>
          ) : null}
          {phase.kind === 'recording' ? (
            <>
              <p className="step-timer" role="timer">
                <span className="step-recording-dot" aria-hidden="true" /> {t('steps.interview.recordingLeft', { seconds: phase.left })}
              </p>
              <div className="form-actions">
                <Button onClick={stop}>{t('steps.interview.stop')}</Button>
              </div>
            </>
          ) : null}
          {phase.kind === 'review' ? (
            <>
              {/* biome-ignore lint/a11y/useMediaCaption: the candidate's own answer, just recorded: there is no caption track to offer */}
              <video className="step-video" src={phase.url} controls aria-label={t('steps.interview.playback')} />
              <div className="form-actions">
                <Button onClick={() => void keep()} busy={busy}>
                  {t('steps.interview.keep')}
                </Button>
                {attempt && attempt.retakesLeft > 0 ? (
                  <Button variant="secondary" onClick={() => void record()}>
                    {t('steps.interview.retake', { count: attempt.retakesLeft })}
                  </Button>
                ) : null}
              </div>
            </>
          ) : null}
          {progress && progress.total > 0 ? (
            <p>
              <label>
                {t('steps.interview.uploaded')} <progress max={progress.total} value={progress.sent} />
              </label>
            </p>
          ) : null}
          {phase.kind === 'saving' ? <p role="status">{t('steps.interview.saving')}</p> : null}
          <CameraProblem camera={camera} />
          {camera.kind !== 'waiting' && phase.kind !== 'recording' && phase.kind !== 'saving' ? (
            <div className="rec-field">
              <label className="rec-field-label" htmlFor={`upload-${question.id}`}>
                {t('steps.interview.uploadLabel')}
              </label>
              <input id={`upload-${question.id}`} type="file" accept="video/webm,video/mp4,.webm,.mp4" onChange={(event) => void upload(event)} />
            </div>
          ) : null}
        </>
      ) : (
        <>
          <p>{t('steps.interview.allDoneText')}</p>
          <div className="form-actions">
            <Button onClick={() => void finish()} busy={busy}>
              {t('steps.interview.finish')}
            </Button>
          </div>
        </>
      )}
      {failure ? <MessageBlock tone="error">{t(failure)}</MessageBlock> : null}
    </StepFrame>
  );
}
