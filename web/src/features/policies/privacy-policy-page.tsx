import { PolicyText, policyLoader } from './policy-text';

export const loadData = policyLoader('PRIVACY_POLICY');

export const PrivacyPolicyPage = () => <PolicyText page="PRIVACY_POLICY" title="Privacy Policy" />;
