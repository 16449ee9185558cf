import { TextPage } from '../../components/text-page';

export const ShippingPolicyPage = () => <TextPage title="Shipping Policy" />;
