/** An authenticator app's new entry: the api's QR code and the key to type when it cannot be scanned. */
export function AuthenticatorKey({
  totpUri,
  totpSecret,
  totpQrSvg,
  testId,
}: {
  totpUri: string;
  totpSecret: string;
  totpQrSvg: string;
  testId: string;
}) {
  return (
    <>
      {/* The api's own QR code (an SVG of squares, no script); shown as an image, so nothing of it runs. */}
      <img
        className="admin-qr"
        alt={`QR code for ${totpUri}`}
        src={`data:image/svg+xml;utf8,${encodeURIComponent(totpQrSvg)}`}
        width={180}
        height={180}
      />
      <p>
        Key: <code data-testid={testId}>{totpSecret}</code>
      </p>
    </>
  );
}
