import { TextPage } from '../../components/text-page';

export const AboutPage = () => (
  <TextPage title="About Us">
    <p>Digitic sells laptops, headphones, tablets, watches, TVs and cameras, shipped across India.</p>
  </TextPage>
);
