import { PolicyText, policyLoader } from './policy-text';

export const loadData = policyLoader('REFUND_POLICY');

export const RefundPolicyPage = () => <PolicyText page="REFUND_POLICY" title="Refund Policy" />;
