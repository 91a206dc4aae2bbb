/**
 * On every page while the server takes no payments (BILLING_MODE=test, `/api/config`'s
 * billingMode): an investor must never believe a subscription here is a real one.
 */

import { useQuery } from '@tanstack/react-query';
import { UI_TEXT } from '../../ui/text';
import { publicConfigQuery } from '../account/session';

export function TestModeBanner() {
  const { data: config } = useQuery(publicConfigQuery());
  if (config?.billingMode !== 'test') return null;
  return (
    <p className="test-mode-banner" role="note">
      {UI_TEXT.testModeNotice}
    </p>
  );
}
