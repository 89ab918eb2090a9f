import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { DEMO } from '../seed/demo-ids';
import { multipartFile, SMALL_PDF } from './multipart';

export interface UploadedCv {
  /** The upload's id (the last segment of url). */
  id: string;
  url: string;
  name: string;
}

/** A candidate's CV upload to the demo company's sample offer, as the apply form sends it. */
export async function uploadCv(app: FastifyInstance, fileName = 'cv.pdf', content: Buffer = SMALL_PDF): Promise<UploadedCv> {
  const { payload, headers } = multipartFile('file', fileName, content);
  const query = `scopeName=COMPANY&companyId=${DEMO.companyId}&channelId=${DEMO.sampleChannelId}`;
  const response = await app.inject({ method: 'POST', url: `/v2/storage?${query}`, payload, headers });
  assert.equal(response.statusCode, 201, response.body);
  const { url, name } = response.json();
  return { id: url.slice(-24), url, name };
}

let submissions = 0;

/** Submits a minimal valid application with `cv` to the sample offer (a new candidate each time). */
export async function applyWithCv(app: FastifyInstance, cv: UploadedCv): Promise<void> {
  submissions += 1;
  const unique = `${Date.now()}-${submissions}`;
  const response = await app.inject({
    method: 'POST',
    url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
    payload: {
      submissionId: `test-${unique}`,
      firstName: 'Ana',
      lastName: 'Silva',
      email: `ana.${unique}@example.org`,
      birthDate: '21/04/1994',
      cv: { url: cv.url, name: cv.name },
      gdprConsent: true,
    },
  });
  assert.equal(response.statusCode, 201, response.body);
}
