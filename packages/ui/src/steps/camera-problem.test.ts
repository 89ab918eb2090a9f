import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cameraProblemCause, pageAllowsCamera } from './use-camera';

const error = (name: string) => Object.assign(new Error(name), { name });
const documentWith = (policy: Record<string, unknown>, allowed: string[]) =>
  ({ ...policy, [Object.keys(policy)[0] ?? 'none']: { allowsFeature: (feature: string) => allowed.includes(feature) } }) as unknown as Document;

describe('the cause of a missing camera (issue 25)', () => {
  it("a page whose policy blocks camera or microphone is the page's fault, whatever error the browser gives", () => {
    assert.equal(cameraProblemCause(error('NotAllowedError'), false), 'policy');
    assert.equal(cameraProblemCause(error('NotFoundError'), false), 'policy');
    assert.equal(cameraProblemCause(error('SecurityError'), undefined), 'policy');
  });

  it('a refusal on an allowing page is the candidate’s (denied); a missing or busy device is the device', () => {
    assert.equal(cameraProblemCause(error('NotAllowedError'), true), 'denied');
    assert.equal(cameraProblemCause(error('NotAllowedError'), undefined), 'denied');
    assert.equal(cameraProblemCause(error('NotFoundError'), true), 'device');
    assert.equal(cameraProblemCause(error('NotReadableError'), undefined), 'device');
    assert.equal(cameraProblemCause(error('OverconstrainedError'), true), 'device');
  });

  it('reads the page policy from permissionsPolicy or featurePolicy, both camera and microphone, and says when it cannot tell', () => {
    assert.equal(pageAllowsCamera(documentWith({ permissionsPolicy: null }, ['camera', 'microphone'])), true);
    assert.equal(pageAllowsCamera(documentWith({ featurePolicy: null }, ['camera'])), false);
    assert.equal(pageAllowsCamera(documentWith({ featurePolicy: null }, [])), false);
    assert.equal(pageAllowsCamera({} as Document), undefined);
  });
});
