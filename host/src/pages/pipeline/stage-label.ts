import { type PipelineStage, stageLabel } from '@rec/core/pipeline';
import type { Translate } from '@rec/i18n';

/** A stage's name in the page's language: the company's own name first, then `pipelineStages.<id>` (see stageLabel in core). */
export function stageName(stage: Pick<PipelineStage, 'id' | 'names'> | undefined, id: string, locale: string, t: Translate): string {
  return stageLabel(stage ?? { id }, locale, (key) => t(key));
}
