import { message } from 'antd';
import { useEffect } from 'react';
import { AntdConfig } from './AntdConfig';
import { attachToasts } from './toast';

function Holder() {
  const [messageApi, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    attachToasts({
      error: (content, duration) => void messageApi.error({ content, duration }),
      success: (content) => void messageApi.success({ content }),
    });
    return () => attachToasts(null);
  }, [messageApi]);
  return holder;
}

/**
 * antd's message API behind shell/toast.tsx (its own chunk: the sign-in page loads it only when
 * it has something to say). In its own ConfigProvider, the same as the shell's, since it sits
 * beside the router rather than inside the shell.
 */
export default function ToastHolder() {
  return (
    <AntdConfig>
      <Holder />
    </AntdConfig>
  );
}
