import { QRCodeSVG } from "qrcode.react";

/**
 * The invite link as a QR code, for the friend standing next to you at the
 * bar: dark modules on white with a quiet zone, as phone cameras read best.
 */
export function InviteQrCode({ url }: { url: string }) {
  return (
    <div className="rounded-3xl bg-white p-3 shadow-lg shadow-black/40">
      <QRCodeSVG
        value={url}
        size={192}
        level="M"
        marginSize={2}
        role="img"
        aria-label="QR code of the invite link"
        className="block size-44 sm:size-48"
      />
    </div>
  );
}
