import { describe, expect, it } from 'vitest';
import { nodeEndOfLifeWarning } from '../../server/platform/node-support.js';

describe('the start-up warning on an end-of-life Node', () => {
  it('names Node 20 from its end of life (2026-04-30) on', () => {
    expect(nodeEndOfLifeWarning('20.19.5', new Date('2026-04-29T23:59:59Z'))).toBeNull();
    const warning = nodeEndOfLifeWarning('20.19.5', new Date('2026-04-30T00:00:00Z'));
    expect(warning).toContain('Node 20.19.5 reached its end of life on 2026-04-30');
    expect(warning).toContain('no security fixes');
  });

  it('says nothing on a supported line, and warns for it once its own end comes', () => {
    expect(nodeEndOfLifeWarning('26.1.0', new Date('2026-11-28T12:00:00Z'))).toBeNull();
    expect(nodeEndOfLifeWarning('22.12.0', new Date('2026-11-28T12:00:00Z'))).toBeNull();
    expect(nodeEndOfLifeWarning('22.12.0', new Date('2027-05-01T00:00:00Z'))).toContain('end of life on 2027-04-30');
  });

  it('says nothing of a line the schedule does not know', () => {
    expect(nodeEndOfLifeWarning('99.0.0', new Date('2026-11-28T12:00:00Z'))).toBeNull();
  });
});
