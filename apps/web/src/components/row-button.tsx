import { Button, type ButtonProps } from 'antd-mobile';

export type RowButtonProps = Omit<ButtonProps, 'onClick'> & { onPress: () => unknown };

/** A button inside a tappable row: pressing it does its own thing, not what a tap on the row does. */
export function RowButton({ onPress, ...props }: RowButtonProps) {
  return (
    <Button
      {...props}
      onClick={(event) => {
        event.stopPropagation();
        void onPress();
      }}
    />
  );
}
