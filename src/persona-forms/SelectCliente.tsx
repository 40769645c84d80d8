import { Select, type SelectProps } from 'antd';

/** antd's Select for the client selector, loaded when the user first reaches it (ClientSelector). */
export default function SelectCliente(props: SelectProps) {
  return <Select {...props} />;
}
