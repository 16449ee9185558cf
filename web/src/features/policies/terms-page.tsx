import { PolicyText, policyLoader } from './policy-text';

export const loadData = policyLoader('TERMS');

export const TermsPage = () => <PolicyText page="TERMS" title="Terms & Conditions" />;
