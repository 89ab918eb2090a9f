import type { CandidateReview } from '@rec/core/candidate-review';
import type { PipelineStageCount } from '@rec/core/pipeline';
import { Button } from '@rec/ui';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useT } from '../../i18n';
import { MoveStageMenu } from '../pipeline/decisions/MoveStageMenu';
import { RejectDialog } from '../pipeline/decisions/RejectDialog';
import { loadStages } from '../pipeline/pipeline-api';

/** What the page's keys reach: `m` opens the move menu, `r` the reject dialog. */
export interface DecisionHandle {
  move(): void;
  reject(): void;
}

/**
 * The decisions on the candidate page, with the pipeline's own components (move to a stage;
 * reject with a reason and an optional mail). Reject is a visible button of its own (issue 26: a
 * decision this common must not hide behind a key or a menu); it goes once the candidate is in
 * the rejected stage. Shown only to who holds CANDIDATES:MANAGE; the server checks it again.
 */
export const CandidateDecisions = forwardRef<DecisionHandle, { review: CandidateReview; name: string; onChanged: () => void }>(function CandidateDecisions({ review, name, onChanged }, ref) {
  const t = useT();
  const [rejecting, setRejecting] = useState(false);
  const [stages, setStages] = useState<readonly PipelineStageCount[] | undefined>();
  const moveButton = useRef<HTMLButtonElement | null>(null);
  const rejectButton = useRef<HTMLButtonElement | null>(null);
  useImperativeHandle(ref, () => ({ move: () => moveButton.current?.click(), reject: () => setRejecting(true) }), []);
  useEffect(() => {
    let live = true;
    // One request for both controls (the menu takes them as given); cached per opening.
    loadStages(review.openingId).then(
      (answer) => live && setStages(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [review.openingId]);
  const applicationIds = [review.applicationId];
  const rejected = stages?.find((stage) => stage.kind === 'rejected')?.id;
  return (
    <>
      <MoveStageMenu
        openingId={review.openingId}
        applicationIds={applicationIds}
        currentStage={review.stage}
        candidateName={name}
        buttonRef={moveButton}
        onReject={() => setRejecting(true)}
        onDone={onChanged}
        {...(stages ? { stages } : {})}
      />
      {stages && review.stage !== rejected ? (
        <Button variant="secondary" className="candidate-reject" ref={rejectButton} onClick={() => setRejecting(true)} aria-label={`${t('decisions.reject')} ${name}`} aria-keyshortcuts="r">
          {t('decisions.rejectEllipsis')}
        </Button>
      ) : null}
      <RejectDialog
        openingId={review.openingId}
        applicationIds={applicationIds}
        open={rejecting}
        candidateName={name}
        onClose={() => setRejecting(false)}
        onDone={() => {
          setRejecting(false);
          onChanged();
        }}
        returnFocus={() => (rejectButton.current?.isConnected ? rejectButton.current : moveButton.current)}
      />
    </>
  );
});
