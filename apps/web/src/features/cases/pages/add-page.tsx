import { useNavigate } from 'react-router';
import { showToast } from '../../../lib/toast.ts';
import { useSaveClient } from '../api/save-client.ts';
import { CaseForm, emptyCaseForm } from '../components/case-form.tsx';
import { casesTexts } from '../texts.ts';

/** /business/add: a new case (POST addClient); on success the case's detail page. */
export function AddPage() {
  const navigate = useNavigate();
  const save = useSaveClient('add');
  return (
    <div className="page">
      <CaseForm
        initial={emptyCaseForm()}
        submitText={casesTexts.submit}
        isSubmitting={save.isPending}
        onSubmit={async (values, key) => {
          const { id, msg } = await save.mutateAsync({ fields: values, key });
          showToast({ content: msg, icon: 'success' });
          void navigate(`/business/detail/${id}`, { replace: true });
        }}
      />
    </div>
  );
}
