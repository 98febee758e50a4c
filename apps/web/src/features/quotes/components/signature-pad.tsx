import { Box, Button, Group, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';

const WIDTH = 600;
const HEIGHT = 200;

/**
 * An optional drawn signature: pointer events cover mouse, pen and touch alike. The pad is white in
 * both themes (ink on paper), and hands the drawing up as a PNG data URL, or null once cleared. The
 * typed name is the signature for anyone who cannot draw: the pad is never required.
 */
export function SignaturePad({
  onChange,
  disabled,
}: {
  onChange: (dataUrl: string | null) => void;
  disabled?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [signed, setSigned] = useState(false);

  useEffect(() => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111827';
  }, []);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: ((event.clientX - box.left) / box.width) * WIDTH,
      y: ((event.clientY - box.top) / box.height) * HEIGHT,
    };
  };

  const start = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    // A tap leaves a dot.
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
  };

  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    setSigned(true);
    onChange(event.currentTarget.toDataURL('image/png'));
  };

  const clear = useCallback(() => {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    setSigned(false);
    onChange(null);
  }, [onChange]);

  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={500} id="signature-label">
          Signature (optional)
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconEraser size={16} aria-hidden="true" />}
          onClick={clear}
          disabled={!signed || disabled}
          data-testid="signature-clear"
        >
          Clear
        </Button>
      </Group>
      <Box
        style={{
          background: '#ffffff',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
        }}
      >
        <canvas
          ref={canvas}
          width={WIDTH}
          height={HEIGHT}
          role="img"
          aria-labelledby="signature-label"
          aria-describedby="signature-help"
          data-testid="signature-pad"
          data-signed={signed ? 'true' : 'false'}
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          style={{
            display: 'block',
            width: '100%',
            height: 'auto',
            touchAction: 'none',
            cursor: 'crosshair',
          }}
        />
      </Box>
      <Text size="xs" c="dimmed" mt={4} id="signature-help">
        Draw with your finger, a pen or the mouse. Your typed full name is your signature if you do not draw.
      </Text>
    </Box>
  );
}
