import { useEffect, useState } from 'react';

type Device = { deviceId: string; label: string };

/** The microphones and speakers, read again each time `open` turns true. */
export function useMediaDevices(open: boolean) {
  const [devices, setDevices] = useState<{ inputs: Device[]; outputs: Device[] }>({
    inputs: [],
    outputs: [],
  });
  useEffect(() => {
    if (!open || !navigator.mediaDevices?.enumerateDevices) return;
    let current = true;
    void navigator.mediaDevices.enumerateDevices().then((all) => {
      if (!current) return;
      const named = (kind: MediaDeviceKind, fallback: string) =>
        all
          .filter((device) => device.kind === kind && device.deviceId)
          .map((device, index) => ({
            deviceId: device.deviceId,
            label: device.label || `${fallback} ${index + 1}`,
          }));
      setDevices({
        inputs: named('audioinput', 'Microphone'),
        outputs: named('audiooutput', 'Speaker'),
      });
    });
    return () => {
      current = false;
    };
  }, [open]);
  return devices;
}
