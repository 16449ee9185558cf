import { TextPage } from '../../components/text-page';

export const RefundPolicyPage = () => <TextPage title="Refund Policy" />;
