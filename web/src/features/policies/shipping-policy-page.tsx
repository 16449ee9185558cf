import { PolicyText, policyLoader } from './policy-text';

export const loadData = policyLoader('SHIPPING_POLICY');

export const ShippingPolicyPage = () => <PolicyText page="SHIPPING_POLICY" title="Shipping Policy" />;
