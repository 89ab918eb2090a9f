import * as v from 'valibot';
import { type LanguageQuerySchema, OfferSchema } from './entities';
import { ObjectIdSchema } from './ids';

/** Route params of the public board endpoints (`/v2/boards/:id`, `/v2/boards/:id/offers`). */
export const BoardParamsSchema = v.object({ id: ObjectIdSchema });
export type BoardParams = v.InferOutput<typeof BoardParamsSchema>;

/** Route params of `/v2/offers/channel/:channelId`. */
export const OfferChannelParamsSchema = v.object({ channelId: ObjectIdSchema });
export type OfferChannelParams = v.InferOutput<typeof OfferChannelParamsSchema>;

/** Answer of `GET /v2/boards/:id/offers`: offers without their description, sorted by title. */
export const BoardOffersSchema = v.array(OfferSchema);

export type LanguageQuery = v.InferOutput<typeof LanguageQuerySchema>;
