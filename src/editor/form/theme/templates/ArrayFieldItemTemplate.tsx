import { chakra } from '@chakra-ui/react';
import type { ArrayFieldItemTemplateProps } from '@rjsf/utils';
import { SmallAction } from '../../../app/SmallAction';

/** An item of a list, with buttons that name it by position: move it up or down, copy it, remove it. */
export function ArrayFieldItemTemplate({ children, buttonsProps, index, totalItems }: ArrayFieldItemTemplateProps) {
  const { hasMoveUp, hasMoveDown, hasRemove, hasCopy, onMoveUpItem, onMoveDownItem, onRemoveItem, onCopyItem, disabled, readonly } =
    buttonsProps;
  const position = `${index + 1} of ${totalItems}`;
  const off = disabled || readonly;
  return (
    <chakra.div borderWidth="1px" borderColor="line.subtle" borderRadius="md" p="3" bg="surface.sunken">
      {children}
      <chakra.div display="flex" flexWrap="wrap" gap="0.5" mt="2" justifyContent="flex-end">
        {hasMoveUp || hasMoveDown ? (
          <>
            <SmallAction disabled={off || !hasMoveUp} onClick={onMoveUpItem} label={`Move item ${position} up`}>
              ↑
            </SmallAction>
            <SmallAction disabled={off || !hasMoveDown} onClick={onMoveDownItem} label={`Move item ${position} down`}>
              ↓
            </SmallAction>
          </>
        ) : null}
        {hasCopy ? (
          <SmallAction disabled={off} onClick={onCopyItem} label={`Copy item ${position}`}>
            Copy
          </SmallAction>
        ) : null}
        {hasRemove ? (
          <SmallAction disabled={off} onClick={onRemoveItem} label={`Remove item ${position}`} danger>
            Remove
          </SmallAction>
        ) : null}
      </chakra.div>
    </chakra.div>
  );
}
