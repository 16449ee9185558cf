import { TextPage } from '../../components/text-page';

export const PrivacyPolicyPage = () => <TextPage title="Privacy Policy" />;
