import type { CandidateReview } from '@rec/core/candidate-review';
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { MoveStageMenu } from '../pipeline/decisions/MoveStageMenu';
import { RejectDialog } from '../pipeline/decisions/RejectDialog';

/** What the page's keys reach: `m` opens the move menu, `r` the reject dialog. */
export interface DecisionHandle {
  move(): void;
  reject(): void;
}

/**
 * The decisions on the candidate page, with the pipeline's own components (move to a stage;
 * reject with a reason and an optional mail). Shown only to who holds CANDIDATES:MANAGE; the
 * server checks it again.
 */
export const CandidateDecisions = forwardRef<DecisionHandle, { review: CandidateReview; name: string; onChanged: () => void }>(function CandidateDecisions({ review, name, onChanged }, ref) {
  const [rejecting, setRejecting] = useState(false);
  const moveButton = useRef<HTMLButtonElement | null>(null);
  useImperativeHandle(ref, () => ({ move: () => moveButton.current?.click(), reject: () => setRejecting(true) }), []);
  const applicationIds = [review.applicationId];
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
      />
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
        returnFocus={() => moveButton.current}
      />
    </>
  );
});
